import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SettingCard, useDraft, type FormProps } from './setting-card';

interface SwitchFormProps extends FormProps<boolean> {
  id: 'chat' | 'otp' | 'terminated';
  title: string;
  label: string;
  save: (on: boolean) => Promise<boolean>;
  /** Ask before switching on (closing the site). */
  confirmOn?: { title: string; text: string; confirm: string };
}

/** One on/off setting with its own save. */
export function SwitchForm(props: SwitchFormProps) {
  const d = useDraft(props.value);
  const [asking, setAsking] = useState<null | ((ok: boolean) => void)>(null);
  const save = async () => {
    if (props.confirmOn && d.draft) {
      const ok = await new Promise<boolean>((resolve) => setAsking(() => resolve));
      setAsking(null);
      if (!ok) return false;
    }
    d.saved(await props.save(d.draft));
    props.onSaved();
    return true;
  };
  return (
    <>
      <SettingCard
        id={props.id}
        title={props.title}
        change={props.change}
        dirty={d.dirty}
        onReset={d.reset}
        onSave={save}
      >
        <label className="setting-check">
          <input type="checkbox" checked={d.draft} onChange={(e) => d.setDraft(e.target.checked)} />
          {props.label}
        </label>
      </SettingCard>
      {/* Outside the card's form: the dialog has its own. */}
      {props.confirmOn ? (
        <ConfirmDialog
          open={asking !== null}
          title={props.confirmOn.title}
          confirmLabel={props.confirmOn.confirm}
          danger
          onConfirm={() => asking?.(true)}
          onCancel={() => asking?.(false)}
        >
          <p>{props.confirmOn.text}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
