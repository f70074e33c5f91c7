import type { Catalogue } from './catalogue';

/**
 * The staff roles beside ROLE_ADMIN and ROLE_USER, a contributor's review, and the profile
 * (docs/behaviour/users-and-roles.md, decision 0145). Staff screens and the server only.
 */
export const ROLES_MSG = {
  postPublishNotAllowed: 'Only an editor can publish or schedule a post: save it as a draft and submit it for review.',
  postNoLongerDraft: 'This post is no longer a draft: only an editor can change or delete it.',
  postReviewOnlyDrafts: 'Only a draft can be submitted for review.',
  postSubmittedForReview: 'The post has been submitted for review.',
  submitForReview: 'Submit for review',
  submittedForReview: 'Submitted for review',
  postsForReview: 'Submitted for review',
  noPostsForReview: 'No posts are waiting for review.',
  displayNameTooLong: 'The display name can be at most 200 characters long.',
  profileSaved: 'Your profile has been saved.',
  profileLoadFailed: 'Your profile could not be loaded. Please try again.',
  profileSaveFailed: 'Your profile could not be saved. Please try again.',
  displayNameHelp: 'Shown as "Posted By" on the posts you write, unless you change it there.',
} as const satisfies Catalogue;
