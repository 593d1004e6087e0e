// Optional secrets and settings: present only where a deployment configures them, so `wrangler types`
// (which reads wrangler.toml and .dev.vars) cannot know them.
declare namespace Cloudflare {
  interface Env {
    RESEND_API_KEY?: string;
    EMAIL_FROM?: string;
    TWILIO_ACCOUNT_SID?: string;
    TWILIO_AUTH_TOKEN?: string;
    TWILIO_FROM?: string;
    GOOGLE_CLIENT_ID?: string;
    GOOGLE_CLIENT_SECRET?: string;
    TURNSTILE_SITE_KEY?: string;
    TURNSTILE_SECRET_KEY?: string;
    /** "off" disables the sign-in captcha; honoured outside production only, for automated tests. */
    CAPTCHA?: string;
  }
}
