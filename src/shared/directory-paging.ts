// Kept apart from the Zod contracts so the directory page does not pay for building them.
export const DIRECTORY_PAGE_SIZE = 24;
export const DIRECTORY_MAX_PAGE_SIZE = 100;
/** Cap for the un-paged list (decision record 010 §7: the call returns "all profiles"; X-Total-Count tells the real total). */
export const DIRECTORY_UNPAGED_LIMIT = 1000;
/** Profiles in the landing page's Featured Pro Staff list and in the directory's Featured strip (decision record 010 §2). */
export const FEATURED_LIMIT = 3;
