import { describe, expect, it } from 'vitest';
import {
  earlySellMessage,
  renewalFailedMessage,
  renewalMessage,
  settlementMessage,
  signedCredits,
} from '../../src/domain/notification-messages';

describe('notification sentences (§8)', () => {
  it('early sell', () => {
    expect(earlySellMessage('Vasco_da_Gama', 600)).toBe('Sold Vasco da Gama early for 600 credits');
  });

  it('settlement with a profit, a loss and zero', () => {
    expect(settlementMessage('Taylor_Swift', 1234)).toBe('Taylor Swift settled at expiry: +1234 credits');
    expect(settlementMessage('Taylor_Swift', -42)).toBe('Taylor Swift settled at expiry: \u221242 credits');
    expect(settlementMessage('Taylor_Swift', 0)).toBe('Taylor Swift settled at expiry: +0 credits');
  });

  it('renewal failed: ASCII apostrophe, em dash, U+2212 minus', () => {
    const message = renewalFailedMessage('Lionel_Messi', -15);
    expect(message).toBe("Couldn't renew Lionel Messi (not enough credits) \u2014 settled at expiry: \u221215 credits");
    expect(message).toContain("'");
    expect(message).not.toContain('\u2019');
    expect(message).not.toContain('-15');
  });

  it('renewal executed', () => {
    expect(renewalMessage('Taylor_Swift', 7, 420, 38, 382)).toBe(
      'Renewed Taylor Swift for 7 more days at 420 credits (+38 premium): 382 credits paid back for the ended term, 420 charged for the new one',
    );
  });

  it('numbers have no thousands separators', () => {
    expect(earlySellMessage('A', 4016)).toBe('Sold A early for 4016 credits');
    expect(signedCredits(-12000)).toBe('\u221212000');
  });

  it('signed credits', () => {
    expect(signedCredits(5)).toBe('+5');
    expect(signedCredits(0)).toBe('+0');
    expect(signedCredits(-0)).toBe('+0');
    expect(signedCredits(-5)).toBe('\u22125');
  });
});
