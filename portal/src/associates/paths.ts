/** The verified associates' screens (spec §2.1); the detail path keeps the spec's capital V. */
export const VERIFIED_LIST_PATH = '/admin/verified-doctors';

export function associatePath(userId: string): string {
  return `/admin/Verified-doc-details/${encodeURIComponent(userId)}`;
}
