/**
 * Language Scale Factor: the registry value of an edition, measured on first use.
 * Measuring is ~62 encyclopedia requests (W10); they all happen before the one short write
 * transaction that records the result, so no writer waits on the network.
 */
import {
  CALIBRATION_WINDOW_DAYS,
  REFERENCE_DOMAIN,
  languageScaleFactor,
  measureEdition,
  type EditionMeasure,
} from '../../domain/calibration';
import { addDays, utcDay } from '../../domain/dates';
import { fail } from '../../domain/errors';
import { writeTransaction } from '../../platform/db/database';
import { findLanguageScale, recordLanguageScale, type LanguageScaleRow } from './language-scales-store';
import { siteContentFilter } from '../articles/content-filter';
import type { SiteInfo, TopRow } from '../../upstream/encyclopedia';
import type { EncyclopediaDeps } from '../../platform/encyclopedia-deps';

/** Stands in for an edition whose namespace list could not be read. */
const UNMEASURED: EditionMeasure = { presentDays: 0, qualifyingRanks: 0, ranked: [] };

/** Thrown inside a measurement when the edition's namespace list cannot be read (step 1). */
class SiteInfoUnavailable extends Error {}

export class CalibrationService {
  /** One measurement per edition at a time in this process: concurrent founders share it. */
  private readonly inFlight = new Map<string, Promise<LanguageScaleRow>>();

  constructor(private readonly deps: EncyclopediaDeps) {}

  async registered(domain: string): Promise<LanguageScaleRow | undefined> {
    return findLanguageScale(this.deps.db, domain);
  }

  /**
   * The registry row for `domain`, measuring and recording it first when there is none.
   * Fails CALIBRATION_BELOW_FLOOR (400) or CALIBRATION_UNAVAILABLE (503) with nothing written.
   */
  async scaleFor(domain: string): Promise<LanguageScaleRow> {
    const known = await this.registered(domain);
    if (known) return known;
    let pending = this.inFlight.get(domain);
    if (!pending) {
      pending = this.calibrate(domain).finally(() => this.inFlight.delete(domain));
      this.inFlight.set(domain, pending);
    }
    return pending;
  }

  private async calibrate(domain: string): Promise<LanguageScaleRow> {
    const { db, clock, log } = this.deps;
    const started = clock.now();
    const today = utcDay(started);
    const [target, reference] = await Promise.all([this.measure(domain, today), this.measure(REFERENCE_DOMAIN, today)]);
    if (!target) fail('CALIBRATION_UNAVAILABLE', `siteinfo unreachable for ${domain}`);
    // Both editions are fetched at once for speed, but the interface judges the target's floor before
    // it needs `en`: an unmeasurable `en` counts as a window with no day, after the floor.
    const outcome = languageScaleFactor(target, reference ?? UNMEASURED);
    if (!outcome.ok) {
      log.warn('calibration refused', {
        domain,
        reason: outcome.reason,
        presentDays: target.presentDays,
        qualifyingRanks: target.qualifyingRanks,
      });
      fail(outcome.reason, domain);
    }
    const stored = await writeTransaction(db, (tx) =>
      recordLanguageScale(tx, {
        domain,
        scale: outcome.scale,
        measuredAt: clock.now().toISOString(),
        qualifyingRanks: outcome.qualifyingRanks,
        sampleSize: outcome.sampleSize,
        referenceDomain: REFERENCE_DOMAIN,
      }),
    );
    log.info('edition calibrated', {
      domain,
      scale: stored.scale,
      measured: outcome.scale,
      qualifyingRanks: stored.qualifyingRanks,
      sampleSize: stored.sampleSize,
    });
    return stored;
  }

  /**
   * Steps 1–3 and 6 for one edition: its namespace list and the 30 top lists of
   * today−1 … today−30. A day that fails or is unpublished is absent, never a zero.
   * Null when the namespace list is unreachable (no fallback prefixes for calibration).
   */
  private async measure(domain: string, today: string): Promise<EditionMeasure | null> {
    const { encyclopedia, log } = this.deps;
    const days = Array.from({ length: CALIBRATION_WINDOW_DAYS }, (_, i) => addDays(today, -(i + 1)));
    const siteInfo = encyclopedia.siteInfo(domain).catch((error: unknown) => {
      log.warn('calibration: siteinfo failed', { domain, reason: String(error) });
      throw new SiteInfoUnavailable();
    });
    const lists = days.map((day) =>
      encyclopedia.topArticles(domain, day).catch((error: unknown): TopRow[] | null => {
        log.warn('calibration: top list failed; day counted absent', { domain, day, reason: String(error) });
        return null;
      }),
    );
    let info: SiteInfo;
    try {
      info = await siteInfo;
    } catch {
      // let the day fetches already under way settle before giving up, so none outlives the request
      await Promise.all(lists);
      return null;
    }
    return measureEdition(await Promise.all(lists), siteContentFilter(info));
  }
}
