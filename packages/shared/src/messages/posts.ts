import { MARKDOWN_BOUNDS } from '../markdown-bounds';
import type { Catalogue } from './catalogue';

/** Posts and their images (docs/behaviour/posts.md). */
export const POSTS_MSG = {
  postDeleted: 'Post deleted successfully!',
  postDeleteFailed: 'Error deleting post. Please try again.',
  postCreated: 'Post created successfully!',
  postCreateFailed: 'Error creating post. Please try again.',
  postFillRequired: 'Please fill all required fields',
  postEditInvalidId: 'Invalid post ID',
  postFetchFailed: 'Error fetching post.',
  postUpdated: 'Post updated successfully',
  postUpdateFailed: 'Error updating post. Please try again.',
  searchEmpty: 'Please enter a keyword to search.',
  searchFailed: 'Something went wrong. Please try again.',
  searchTooLong: 'Search words can be at most 200 characters long.',
  nothingHere: 'Nothing to see here.',
  searchMoreMatches: (n: number) =>
    `More than ${n.toLocaleString('en')} posts match: the best of the newest ${n.toLocaleString('en')} are listed.`,
  postNotFound: 'Post not found.',
  postNameRequired: 'Title is required.',
  postNameTooLong: 'The title can be at most 200 characters long.',
  postContentRequired: 'Content is required.',
  postContentMin: 'Content must be at least 10 characters long.',
  postContentTooLong: 'The content can be at most 20000 characters long.',
  postContentTooDeep: `Quotes and lists can be nested at most ${MARKDOWN_BOUNDS.nesting} levels deep.`,
  postContentTooManyMarks: `A paragraph can hold at most ${MARKDOWN_BOUNDS.marksPerBlock} emphasis marks (*, _ and ~).`,
  postedByRequired: 'Posted By is required.',
  postedByTooLong: 'Posted By can be at most 200 characters long.',
  tagEmpty: 'A tag cannot be empty.',
  tagTooLong: 'A tag can be at most 40 characters long.',
  tagsTooMany: 'A post can have at most 20 tags.',
  tagsDuplicate: 'Each tag can be added only once.',
  imageNotAnImage: 'The file is not an image we can read (JPEG, PNG, WebP, GIF or AVIF).',
  imageTooLarge: 'An image can be at most 10 MB.',
  imageTooManyPixels: 'The image has too many pixels (at most 40 megapixels).',
  imageTooWide: 'The image can be at most 16384 pixels wide and 16384 pixels high.',
  imagesTooMany: 'At most 10 images can be uploaded at once.',
  imageUnknown: 'An image to keep does not belong to this post.',
  postStatusInvalid: 'The status must be draft or published.',
  postPublishAtInvalid: 'The publication time must be a date and time.',
  postSlugInvalid: 'The slug may hold only lower-case letters, digits and single hyphens (at most 80).',
  imageAltTooLong: 'Alt text can be at most 200 characters long.',
  imageCaptionTooLong: 'A caption can be at most 200 characters long.',
  imageNotChosenType: 'Only image files can be chosen (JPEG, PNG, WebP, GIF or AVIF).',
  postPageInvalid: 'The page must be a whole number from 1.',
  likeIdsInvalid: 'The ids must be 1 to 50 post ids separated by commas.',
  postPageSizeInvalid: 'The page size must be a whole number from 1 to 100.',
  postPreviewEmpty: 'Nothing to preview yet.',
  postStale:
    'This post was changed by someone else since you opened it. Reload the post to see the latest version, then apply your changes again.',
} as const satisfies Catalogue;

/** An image refused at upload, named so the editor knows which one (browser and server). */
export const imageRefused = (fileName: string, reason: string): string => `${fileName}: ${reason}`;
