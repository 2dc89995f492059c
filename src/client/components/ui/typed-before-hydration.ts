/**
 * A server-rendered page shows its fields before its code has run, and a person on a slow phone
 * may type into one meanwhile. Hydration leaves that text in the field but not in the
 * component's state (React 19 does not report it), so the next render, such as the one when
 * the page's texts arrive, would put the state's empty value back and the text would be gone.
 *
 * As a field's `ref`, this hands such text to the field's own `onChange` when React attaches the
 * field: React sets a controlled field's `defaultValue` to its state, so a field whose value
 * differs from it was typed into before hydration. The field's value tracker is set to the state
 * and the text put back past it (as testing libraries do), so React's `input` listener sees a
 * change and calls `onChange` with a real event, as if the person had typed it just now.
 */
export function keepTypedBeforeHydration(field: HTMLInputElement | HTMLTextAreaElement | null) {
  if (!field || field.value === field.defaultValue) return;
  const typed = field.value;
  // Through the element's own setter, which React's tracker wraps: the tracker now holds the state.
  field.value = field.defaultValue;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
