/**
 * Every word of the elements, keyed by its English: a call site says `w('Read more')`, so an English
 * page needs no table at all (the words are in the code, as they were before localisation), and a
 * language's table maps each English sentence to its own. A message with plural forms is keyed by its
 * English `other` form ("{0} reviews"); `{0}`, `{1}` are filled in by the caller, numbers formatted in
 * the element's language. Nothing here is in any bundle: the list is for the types and the tests.
 */
export const KEYS = [
  // The card's and the wall's (in the script-tag entry, at their call sites).
  'Loading testimonial…',
  'This testimonial could not be loaded.',
  'Try again',
  'Read more',
  'Show less',
  '{0} out of {1} stars',
  'via {0}',
  'Permalink',
  'Media',
  'Tags',
  'Company logo',
  'Anonymous',
  'Video testimonial from {0}',
  'Watch the video testimonial from {0}',
  'Video from {0}',
  'Image {0} from {1}',
  'Testimonials',
  'Loading testimonials…',
  'Could not load testimonials.',
  'Could not load more testimonials.',
  'No testimonials to show yet.',
  'Load more',
  'Loading…',
  'Leave a testimonial',
  '{0} more testimonials loaded.',
  'No more testimonials.',
  'Skip testimonials',
  'End of testimonials',
  // The carousel's and the marquee's (the `moving-layouts` chunk).
  'Play moving testimonials',
  'Pause moving testimonials',
  'Start automatic slide show',
  'Stop automatic slide show',
  'Previous testimonial',
  'Next testimonial',
  'Slides',
  'carousel',
  'slide',
  '{0} of {1}',
  'Testimonial {0} of {1}.',
  'Testimonials {0} to {1} of {2}.',
  // The player's (its chunk).
  'Video testimonial',
  'Play video testimonial from {0}',
  'Play video testimonial',
  'Play {0}',
  'Duration',
  'Sorry, this video could not be played.',
  'This video is not available.',
  'Its transcript is below.',
  'Captions',
  'Transcript',
  // `<testimonial-summary>`'s (its chunk).
  '{0} reviews',
  'Loved by {0} customers',
  'Rated {0} out of {1} from {2}',
  '{0}, among them {1}.',
  '{0}: {1}',
  '{0} stars',
  'No reviews yet.',
  'Could not load the reviews summary.',
  'Dismiss the reviews summary',
  // `<testimonial-form>`'s (its chunk).
  'Your rating',
  'Your testimonial',
  'Your name',
  'Your email',
  'Never shown publicly.',
  'Company',
  'Your role or title',
  'Your website',
  'Your photo',
  'Your video',
  'required',
  'Send testimonial',
  'Sending…',
  'Thank you! Your testimonial was sent. It will appear once it is approved.',
  'This field is required.',
  'Choose a rating.',
  'Enter a valid email address.',
  'Enter a valid web address, starting with https://.',
  'Please check this field.',
  'Please agree to continue.',
  'I agree that my testimonial may be published.',
  'Your testimonial could not be sent. Nothing you typed is lost: please try again.',
  'Please send your testimonial again.',
  'Too many testimonials were sent just now. Please try again later.',
  'Upload progress',
  'Cancel upload',
  'The upload did not finish.',
  'Remove',
  'This file is too large (at most {0} MB).',
  'This type of file is not accepted.',
  'Wait until the upload is finished.',
  'Record a video',
  'Start recording',
  'Stop recording',
  'Retake',
  'Recording starts in {0}…',
  'Recording: {0} s left',
  'Upload a video file',
  'The camera or microphone could not be used.',
  'Cancel',
] as const;

/** The messages with plural forms, by their English `other` form; `ENGLISH_ONE` in `localize.ts` holds the English `one` forms. */
export const PLURAL_KEYS = [
  '{0} out of {1} stars',
  '{0} more testimonials loaded.',
  '{0} reviews',
  'Loved by {0} customers',
  '{0} stars',
] as const satisfies readonly (typeof KEYS)[number][];

export type TranslationKey = (typeof KEYS)[number];
type PluralKey = (typeof PLURAL_KEYS)[number];

/** One form per plural category of the message's first number (`other` is required). */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** A language's words, by their English: a missing key is a type error. */
export type Translation = { [K in TranslationKey]: K extends PluralKey ? PluralForms : string };
