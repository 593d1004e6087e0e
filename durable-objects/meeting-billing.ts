import { database } from '../worker/db/client';
import { ApiError } from '../worker/lib/errors';
import { charge, check } from '../worker/services/rights';
import type { MetaStore } from './meeting-meta';

/**
 * What a live meeting costs its owner: each whole minute of audio is charged against the real-time allowance
 * as soon as it has been heard (work ref `meeting:ID:N`, so a charge repeated after an eviction changes
 * nothing), the seconds after the last whole minute once when the meeting ends (`meeting:ID:rest`). While the
 * meeting runs, an allowance that cannot pay for the next minute is reported with its 925… refusal, for the
 * room to pause the meeting. Charges run one after another, so a minute is never checked before the one
 * before it is written.
 */

const MINUTE_MS = 60_000;

export class MeetingBilling {
  private charging: Promise<void> = Promise.resolve();

  constructor(
    private readonly env: Env,
    private readonly room: MetaStore,
    /** The allowance ran out while the meeting was in progress. */
    private readonly refused: (err: ApiError) => Promise<void>,
  ) {}

  /** Refuses a start (or a resume) that cannot pay for a minute: the 925… error, else null. */
  async refusalToStart(): Promise<ApiError | null> {
    try {
      await check(database(this.env.DB), this.room.meta.userId, this.room.meta.allowance ?? 'realtime', 60);
      return null;
    } catch (err) {
      if (err instanceof ApiError) return err;
      throw err;
    }
  }

  /** Called as audio is heard: charges a minute once it is whole, behind any charge still under way. */
  heard() {
    const meta = this.room.meta;
    if (Math.floor(meta.durationMs / MINUTE_MS) <= meta.chargedMinutes) return;
    this.charging = this.charging.then(() => this.chargeMinutes()).catch((err) => console.error('meeting charge failed', meta.id, String(err)));
  }

  /** Charges the whole minutes not charged yet, then checks the next one can be paid for. */
  async chargeMinutes() {
    const meta = this.room.meta;
    const db = database(this.env.DB);
    while (Math.floor(meta.durationMs / MINUTE_MS) > meta.chargedMinutes) {
      await charge(this.env.DB, db, meta.userId, meta.allowance ?? 'realtime', 60, `meeting:${meta.id}:${meta.chargedMinutes}`);
      meta.chargedMinutes++;
      await this.room.save();
    }
    if (meta.status !== 'in_progress') return;
    const refusal = await this.refusalToStart();
    if (refusal) await this.refused(refusal);
  }

  /** The meeting ended: waits for charges under way, then charges the minutes left and the seconds after them. */
  async settle() {
    const meta = this.room.meta;
    await this.charging;
    await this.chargeMinutes();
    const seconds = Math.ceil((meta.durationMs - meta.chargedMinutes * MINUTE_MS) / 1000);
    if (seconds > 0) await charge(this.env.DB, database(this.env.DB), meta.userId, meta.allowance ?? 'realtime', seconds, `meeting:${meta.id}:rest`);
  }
}
