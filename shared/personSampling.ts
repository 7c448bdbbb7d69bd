/**
 * The model a person's sampling reply names by default: in the page's reply form, and when a
 * collection replays a reply saved from it (an item's `samplingReply`), so that a server that
 * puts the model's name in its answer answers the replay as it answered the person.
 */
export const PERSON_SAMPLING_MODEL = 'human-in-the-loop';
