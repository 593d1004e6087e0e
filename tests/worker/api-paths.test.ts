import { env } from 'cloudflare:workers';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { API, API_AREAS, type PathParams, apiPath } from '../../contracts/api-paths';
import { API_BASE } from '../../contracts/constants';
import { app } from '../../worker/app';
import { requireUser } from '../../worker/middleware/auth';

/**
 * The Worker serves exactly the paths of contracts/api-paths.ts, and exactly the paths existing clients (the
 * browser plugin, the screen-casting app) call: every method and path, and which need a signed-in user. The
 * lists below are the contract as it stood when the table was introduced; a change to them is a change to
 * spec §7.
 */
const ENDPOINTS = `
DELETE /developer/webhooks/:id                            user
GET /developer/webhooks                                   user
GET /developer/webhooks/:id/deliveries                    user
POST /developer/webhooks                                  user
POST /developer/webhooks/:id/deliveries/:deliveryId/replay user
POST /developer/webhooks/:id/enable                       user
POST /developer/webhooks/:id/rotate-secret                user
DELETE /developer/keys/:id                                user
GET /ai/conversation                                      user
GET /ai/dubbing/transAdjust                               user
GET /ai/search                                            user
GET /ai/suggestions                                       user
GET /audio/LanguageInternation
GET /auth/captcha
GET /auth/getOpenId
GET /auth/getQrCode
GET /auth/getUserInfo                                     user
GET /auth/loginOptions
GET /auth/render/google
GET /auth/wechat/callback
GET /developer/keys                                        user
GET /dev/captcha
GET /dev/outbox
GET /dev/pay/:outTradeNo
GET /dev/s3/:bucket/:key{.+}
GET /openapi.json
GET /expense/package/queryRightsPictureUrl                user
GET /expense/pay/getOpenId                                user
GET /expense/pay/methods                                  user
GET /expense/pay/wechatAuthorizeUrl                       user
GET /speech/audio/selectLanguage
GET /speech/audio/synthesisLanguage
GET /speech/audio/transcribe/export                       user
GET /speech/audio/transcribe/getLatestTrans               user
GET /speech/audio/transcribe/getTrans                     user
GET /speech/audio/transcribe/getTransResult
GET /speech/audio/transcribe/getTransShareStatus          user
GET /speech/audio/transcribe/media                        user
GET /speech/audio/transcribe/query                        user
GET /speech/audio/transcribe/shareDownload
GET /speech/audio/transcribe/shareMedia
GET /speech/audio/transcribe/words                        user
GET /speech/document/export                               user
GET /speech/document/folder                               user
GET /speech/document/getDocumentData                      user
GET /speech/document/getDocumentList                      user
GET /speech/folder/getFolder                              user
GET /speech/meeting/getMeeting                            user
GET /speech/meeting/getMeetingList                        user
GET /speech/meeting/getNetworkLink
GET /speech/meeting/joinRecord
GET /speech/meeting/socket
GET /speech/video/transcribe/download/destroy/zip         user
GET /speech/video/transcribe/download/zip                 user
GET /speech/video/transcribe/getFileByTaskId              user
GET /speech/video/transcribe/getIteration                 user
GET /speech/video/transcribe/getLanguage                  user
GET /speech/video/transcribe/getSpeakerList               user
GET /speech/video/transcribe/getSynthesis                 user
GET /speech/video/transcribe/list                         user
GET /speech/video/transcribe/serviceNameList              user
GET /system/avatar/:userId/:name
GET /system/config/configKey/:key
GET /system/getClient
GET /system/getClientInfo                                 user
GET /textTrans/lang/languageList
GET /voices                                               user
GET /voices/settings                                      user
DELETE /voices/:id                                        user
HEAD /dev/s3/:bucket/:key{.+}
PATCH /voices/:id                                         user
POST /ai/ai/actionItemDone                                user
POST /ai/ai/mediaSummary                                  user
POST /ai/ai/queryMediaSummary                             user
POST /ai/ask                                              user
POST /ai/ask/stream                                       user
POST /ai/conversation/clear                               user
POST /ai/summaryTemplate/download                         user
POST /auth/c/doLogin
POST /auth/c/doLoginByValidCode
POST /auth/c/getValidCode
POST /auth/c/resetPwd
POST /auth/captcha/verify
POST /auth/googleRegisterWithLogin
POST /auth/downloadTicket                                 user
POST /auth/logout                                         user
POST /auth/visitorlogin
POST /auth/wechat/callback
POST /auth/wxRegisterWithLogin
POST /auth/wxlogin
POST /dev/pay/:outTradeNo
POST /developer/keys                                       user
POST /expense/account/queryAccountDetail                  user
POST /expense/account/queryBuyRecord                      user
POST /expense/account/queryCostRecord                     user
POST /expense/account/queryUserFunctionJudge              user
POST /expense/cardPassword/exchangeCardPassword/:code     user
POST /expense/cost/dubbingAccountCostBefore               user
POST /expense/cost/meetingRightsJudge                     user
POST /expense/package/queryCommonPricePackage             user
POST /expense/package/queryMeetingPricePackage            user
POST /expense/pay/getAliH5Pay                             user
POST /expense/pay/getJsApiPay                             user
POST /expense/pay/getPayRechargeStatus/:outTradeNo        user
POST /expense/pay/getQrPay                                user
POST /expense/pay/paypalPayBack                           user
POST /expense/rightsAddAuth/queryAuthLanguageByUserId     user
POST /file/upload                                         user
POST /order/consumer/media                                user
POST /order/cost/media                                    user
POST /pay/notify/:payType
POST /speech/audio/synthesis                              user
POST /speech/audio/transcribe/addTranslation              user
POST /speech/audio/transcribe/copyReplica                 user
POST /speech/audio/transcribe/edit                        user
POST /speech/audio/transcribe/editDetails                 user
POST /speech/audio/transcribe/mergeFileData               user
POST /speech/audio/transcribe/refreshRecord               user
POST /speech/audio/transcribe/remove                      user
POST /speech/audio/transcribe/removeUpload                user
POST /speech/audio/transcribe/share                       user
POST /speech/audio/transcribe/translateAgain              user
POST /speech/audio/transcribe/transwrite                  user
POST /speech/audio/transcribe/uploadBlock                 user
POST /speech/audio/transcribe/uploadInit                  user
POST /speech/document/edit                                user
POST /speech/document/editData                            user
POST /speech/document/editFolder                          user
POST /speech/document/import                              user
POST /speech/document/remove                              user
POST /speech/document/removeData                          user
POST /speech/document/removeFolder                        user
POST /speech/folder/editFolder                            user
POST /speech/folder/removeFolder                          user
POST /speech/meeting/create                               user
POST /speech/meeting/createScreenCode                     user
POST /speech/meeting/edit                                 user
POST /speech/meeting/stopMeeting                          user
POST /speech/video/transcribe/create                      user
POST /speech/video/transcribe/createIteration             user
POST /speech/video/transcribe/editSpeaker                 user
POST /speech/video/transcribe/edits                       user
POST /speech/video/transcribe/getFileDataContentPageList  user
POST /speech/video/transcribe/transwrite                  user
POST /speech/video/transcribe/upload                      user
POST /speech/video/transcribe/uploadBlock                 user
POST /speech/video/transcribe/videoSynthesis              user
POST /system/client/user/edit                             user
POST /system/user/avatar                                  user
POST /voices                                              user
POST /voices/merge                                        user
PUT /dev/s3/:bucket/:key{.+}
PUT /system/bindingAccount                                user
PUT /system/bindingOther                                  user
PUT /system/unbindGoogle                                  user
PUT /system/unbindWeCat                                   user
PUT /system/updatePwd                                     user
PUT /voices/settings                                      user
`;
/** Checks that cover everything below a path (sign-in, or this machine only); `/*` is the API-wide middleware. */
const AREAS = `
ALL /*
ALL /ai/*
ALL /dev/*
ALL /dev/s3/*
ALL /expense/*
ALL /order/*
ALL /speech/document/*
ALL /speech/folder/*
ALL /speech/video/transcribe/*
`;

const lines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => line.trim().replace(/\s+/g, ' '));

type Route = (typeof app.routes)[number];
const local = (path: string) => path.slice(API_BASE.length);
const below = (area: Route, path: string) => area.path.endsWith('/*') && path.startsWith(area.path.slice(0, -1));
const isArea = (route: Route) => route.method === 'ALL';

/** Each endpoint once, with whether sign-in runs before its handler (its own, or an area's registered earlier). */
function servedEndpoints(): string[] {
  const served = new Map<string, string>();
  app.routes.forEach((route, i) => {
    if (isArea(route)) return;
    const signedIn = app.routes
      .slice(0, i + 1)
      .some((r) => r.handler === requireUser && ((r.method === route.method && r.path === route.path) || (isArea(r) && below(r, route.path))));
    const key = `${route.method} ${local(route.path)}`;
    served.set(key, signedIn ? `${key} user` : key);
  });
  return [...served.values()].sort();
}

const tablePaths = Object.values(API).flatMap((group) => Object.values(group) as string[]);

describe('API paths', () => {
  it('serves every path of the table and no other', () => {
    const served = new Set(app.routes.filter((r) => !isArea(r)).map((r) => local(r.path)));
    expect([...served].sort()).toEqual([...new Set(tablePaths)].sort());
    // Declared once: no two names for one path.
    expect(tablePaths.length).toBe(new Set(tablePaths).size);
  });

  it('keeps every method, path and sign-in requirement that clients rely on', () => {
    expect(servedEndpoints()).toEqual(lines(ENDPOINTS).sort());
  });

  it('checks the same areas, and every path below an area passes its check', () => {
    const areas = app.routes.filter(isArea);
    expect([...new Set(areas.map((r) => `ALL ${local(r.path)}`))].sort()).toEqual(lines(AREAS).sort());
    expect(
      areas
        .map((r) => local(r.path))
        .filter((path) => path !== '/*')
        .sort(),
    ).toEqual(Object.values(API_AREAS).sort());
    // A check runs for the paths registered after it; one registered earlier must carry the check itself.
    const ownCheck = (route: Route, area: Route) => app.routes.some((r) => r.handler === area.handler && r.method === route.method && r.path === route.path);
    for (const area of areas) {
      const earlier = app.routes.slice(0, app.routes.indexOf(area)).filter((r) => !isArea(r) && below(area, r.path) && !ownCheck(r, area));
      expect([...new Set(earlier.map((r) => `${r.method} ${local(r.path)}`))], `paths below ${local(area.path)} that skip its check`).toEqual([]);
    }
  });

  it('fills in placeholders, encoded, and the filled path reaches its handler', async () => {
    expect(apiPath(API.pay.getPayRechargeStatus, { outTradeNo: 'a/b c' })).toBe('/expense/pay/getPayRechargeStatus/a%2Fb%20c');
    expect(apiPath(API.devS3.object, { bucket: 'media', key: 'x' })).toBe('/dev/s3/media/x');
    // The placeholders are typed, so one left out does not compile (checked by tsc with the Worker's code).
    expectTypeOf<PathParams<typeof API.system.avatar>>().toEqualTypeOf<'userId' | 'name'>();
    expectTypeOf<PathParams<typeof API.devS3.object>>().toEqualTypeOf<'bucket' | 'key'>();
    expectTypeOf<PathParams<typeof API.records.query>>().toEqualTypeOf<never>();
    const res = await app.request(`http://tingyi.test${API_BASE}${apiPath(API.system.configKey, { key: 'WEICHAT_MP_APP_ID' })}`, {}, env);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { code: number }).code).toBe(200);
  });
});
