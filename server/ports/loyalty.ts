/** The loyalty system (dailypoint in the spec): the member's master record, reward level and points. */
export interface LoyaltyProfile {
  dailypointMasterId: string;
  /** A code of MEMBER_LEVELS (DP, DA, ...). */
  rewardLevelCode: string;
  points: number;
  crsId: string | null;
}

export interface LoyaltyPort {
  /**
   * Creates the member's loyalty profile, or fetches it when it exists (called at activation). Throws
   * when the loyalty system cannot be reached or answers with an error.
   */
  enrol(member: { guid: string; email: string; firstName: string; lastName: string }): Promise<LoyaltyProfile>;
}

export class LoyaltyUnavailableError extends Error {
  constructor(message = 'The loyalty system did not answer', options?: ErrorOptions) {
    super(message, options);
    this.name = 'LoyaltyUnavailableError';
  }
}
