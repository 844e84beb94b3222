/** The coupon list is cached under this key; creating, switching or deleting a coupon invalidates it. */
export const COUPONS_QUERY_KEY = ['admin', 'coupons'] as const;
