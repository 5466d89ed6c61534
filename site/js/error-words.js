// An error from the core in words. The core names the error's place itself
// ("label": the thing and the field, "Hill Riders: casualty die", read from the
// request), so no page reads JSON paths or message text for it. The message
// reads after a field's words as their predicate ("Hill Riders: casualty die
// must be a whole number from 1 to 6") and after a thing alone after a colon
// ("Seed: must be ..."). An error with no label (about the request as a whole,
// or made by the page itself) follows `whole`: "The battle: ...".
export function errorWords(err, whole) {
  if (!err.label) return `${whole}: ${err.message}`;
  return `${err.label}${err.field ? ' ' : ': '}${err.message}`;
}
