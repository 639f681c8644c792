/**
 * Storage is SSD everywhere we run. With the default random_page_cost (4, for
 * spinning disks) the planner prefers a sequential ILIKE scan over the trigram
 * indexes and a three-field search takes ~170 ms instead of ~10 ms at 100,000 contacts.
 */
export const PLANNER_SETTINGS = 'set random_page_cost = 1.1'
