import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue, useStore } from '../lib/store';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { dialogQueueAtom, settleDialog, type PendingDialog } from './dialogStore';
import { TextInput } from './TextInput';
import styles from './Dialog.module.css';

/** Renders the dialog at the head of the `openDialog` queue. Mount once, near the root. */
export function DialogHost() {
  const current = useAtomValue(dialogQueueAtom)[0];
  return current ? <GlobalDialog key={current.id} dialog={current} /> : null;
}

function GlobalDialog({ dialog }: { dialog: PendingDialog }) {
  const { t } = useTranslation();
  const store = useStore();
  const { options } = dialog;
  const inputs = options.inputs ?? [];
  const [values, setValues] = useState(() => inputs.map((input) => input.defaultValue ?? ''));

  const answer = (confirmed: boolean) => settleDialog(dialog.id, { confirmed, values }, store);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    answer(true);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && answer(false)} title={options.title} description={options.description}>
      <form className={styles.form} onSubmit={onSubmit}>
        {inputs.map((input, index) => (
          <TextInput
            key={input.label}
            label={input.label}
            placeholder={input.placeholder}
            value={values[index] ?? ''}
            data-autofocus={index === 0 ? true : undefined}
            onChange={(event) => {
              const next = [...values];
              next[index] = event.target.value;
              setValues(next);
            }}
          />
        ))}
        <div className={styles.footer}>
          <Button variant="secondary" onClick={() => answer(false)}>
            {options.secondaryLabel ?? t('dialog.cancel')}
          </Button>
          <Button
            type="submit"
            variant={options.tone === 'danger' ? 'danger' : 'primary'}
            data-autofocus={inputs.length === 0 ? true : undefined}
          >
            {options.primaryLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
