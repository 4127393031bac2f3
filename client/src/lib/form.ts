/**
 * Form state for the account and profile forms: values, validation as the user types (a field's
 * problem shows once the field was left with something in it, or after a submit attempt, then
 * follows every keystroke), server errors placed next to their field, focus on the first error,
 * and a sending flag that blocks a second submit.
 */
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export interface FormOptions<Field extends string> {
  /** Every field, in the order they appear: focus goes to the first one with an error. */
  initialValues: Record<Field, string>;
  /** The client-side problems of the current values, as messages. */
  validate: (values: Record<Field, string>) => FieldErrors<Field>;
}

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export interface FieldProps {
  name: string;
  value: string;
  error: string | undefined;
  ref: (element: FieldElement | null) => void;
  onChange: (event: ChangeEvent<FieldElement>) => void;
  onBlur: () => void;
}

function firstFieldWithError<Field extends string>(order: readonly Field[], errors: FieldErrors<Field>): Field | undefined {
  return order.find((field) => errors[field]);
}

export function useForm<Field extends string>({ initialValues, validate }: FormOptions<Field>) {
  const [values, setValues] = useState(initialValues);
  const [visited, setVisited] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const elements = useRef(new Map<Field, FieldElement>());
  const order = Object.keys(initialValues) as Field[];
  const clientErrors = validate(values);

  const errorOf = (field: Field): string | undefined =>
    serverErrors[field] ?? (visited[field] || submitted ? clientErrors[field] : undefined);

  const setValue = useCallback((field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);

  const focusField = (field: Field) => elements.current.get(field)?.focus();

  // A field left by pressing a button (Sign in, show password) shows its problem only once the press
  // is over: the message appearing under the field would move the button away before the click lands.
  const pointerDown = useRef(false);
  useEffect(() => {
    const press = () => (pointerDown.current = true);
    const release = () => (pointerDown.current = false);
    document.addEventListener('pointerdown', press, true);
    document.addEventListener('pointerup', release, true);
    document.addEventListener('pointercancel', release, true);
    return () => {
      document.removeEventListener('pointerdown', press, true);
      document.removeEventListener('pointerup', release, true);
      document.removeEventListener('pointercancel', release, true);
    };
  }, []);

  const markVisited = (field: Field) => setVisited((current) => (current[field] ? current : { ...current, [field]: true }));

  function field(name: Field): FieldProps {
    return {
      name,
      value: values[name],
      error: errorOf(name),
      ref: (element) => {
        if (element) elements.current.set(name, element);
        else elements.current.delete(name);
      },
      onChange: (event) => setValue(name, event.target.value),
      onBlur: () => {
        if (values[name] === '') return;
        if (!pointerDown.current) return markVisited(name);
        const afterPress = () => setTimeout(() => markVisited(name));
        document.addEventListener('pointerup', afterPress, { once: true, capture: true });
      },
    };
  }

  /** Wraps the submit action: validates first (focusing the first problem), clears old errors, marks the form as sending. */
  function submit(action: (values: Record<Field, string>) => Promise<void>) {
    return async (event?: FormEvent) => {
      event?.preventDefault();
      if (sendingRef.current) return;
      setSubmitted(true);
      const errors = validate(values);
      const first = firstFieldWithError(order, errors);
      if (first) {
        focusField(first);
        return;
      }
      setFormError(null);
      setServerErrors({});
      sendingRef.current = true;
      setSending(true);
      try {
        await action(values);
      } finally {
        sendingRef.current = false;
        setSending(false);
      }
    };
  }

  /** Shows a server error next to its field (and focuses it), or above the form when it names no field of this form. */
  function showError(message: string, field?: string): void {
    const known = order.find((name) => name === field);
    if (known) {
      setServerErrors({ [known]: message } as FieldErrors<Field>);
      focusField(known);
    } else {
      setFormError(message);
    }
  }

  /**
   * Back to the given values with no errors shown (after a successful save). Given a function, it gets the
   * values as they are now, so what was typed while the save was under way can be kept.
   */
  function reset(nextValues: Record<Field, string> | ((current: Record<Field, string>) => Record<Field, string>) = initialValues): void {
    setValues(nextValues);
    setVisited({});
    setSubmitted(false);
    setServerErrors({});
    setFormError(null);
  }

  return {
    values,
    setValue,
    field,
    submit,
    sending,
    formError,
    setFormError,
    showError,
    reset,
    hasErrors: firstFieldWithError(order, clientErrors) !== undefined,
  };
}
