// The words of a thrown value for a notice or an event's message: an Error's message, anything
// else as a string. One helper for every module that reports an error.

/** `e.message` for an Error (or anything with a message), else `String(e)`. */
export const errorText = (e) => (e && e.message ? e.message : String(e));
