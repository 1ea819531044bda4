// Pure helpers of the invite dialog (issue 12).

/**
 * The member's invite link (spec section 2: `{host}/register?code=PR{profileId}`), on this
 * site's origin so that it opens the register page of the same deployment.
 */
export function inviteLink(origin: string, memberNo: string): string {
  return `${origin.replace(/\/+$/, '')}/register?code=${encodeURIComponent(`PR${memberNo}`)}`;
}
