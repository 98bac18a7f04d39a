import { z } from 'zod';

/** The marketplace's rules and tuning: coins, commission, auto-acceptance, the search count cache. */
export const marketplaceEnv = z.object({
  /** coins a supplier receives when their first verification is approved */
  STARTER_COINS: z.coerce.number().int().min(0).max(10_000).default(50),
  /** coins an inviter receives when an invitee's first verification is approved (docs/withdrawals.md) */
  INVITE_COINS: z.coerce.number().int().min(0).max(10_000).default(10),
  /** platform commission on released escrow, in basis points (500 = 5%) */
  PLATFORM_COMMISSION_BP: z.coerce.number().int().min(0).max(10_000).default(500),
  /** a completion report left undecided this many days is accepted by the system (docs/delivery-report.md) */
  AUTO_ACCEPT_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /** a paid 质保金 stays in escrow this many days after the show's last day (docs/staged-escrow.md) */
  RETENTION_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** a search's count made by any process within this many seconds is reused (0: off; docs/marketplace.md) */
  SEARCH_COUNT_CACHE_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
});

export type MarketplaceEnv = z.output<typeof marketplaceEnv>;

export function marketplaceConfig(e: MarketplaceEnv) {
  return {
    starterCoins: e.STARTER_COINS,
    /** coins to the inviter once per verified invitee */
    inviteCoins: e.INVITE_COINS,
    /** basis points: 500 = 5% */
    platformCommissionBp: e.PLATFORM_COMMISSION_BP,
    /** days before the system accepts an undecided completion report */
    autoAcceptDays: e.AUTO_ACCEPT_DAYS,
    /** days a retention is held after the show's last day */
    retentionDays: e.RETENTION_DAYS,
    /** 0: every numbered search page counts its matches */
    searchCountCacheSeconds: e.SEARCH_COUNT_CACHE_SECONDS,
  };
}
