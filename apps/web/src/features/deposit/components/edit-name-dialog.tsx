import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { TextField } from '@/components/field';
import { toast } from '@/components/toast/toast-store';
import { useI18n } from '@/i18n/use-i18n';
import { errorMessage } from '@/lib/error-message';
import { useUpdateBankAccountName } from '@/features/deposit/api/update-bank-account-name';
import { checkEnglishName, typedName } from '@/features/deposit/lib/english-name';

/**
 * The bank-name edit dialog (spec sections 2, 4 and 5): English letters and spaces only,
 * upper case while typing, an error toast otherwise; saving calls
 * PUT /api/account/bankAccountName and hands the saved name back.
 */
export function EditNameDialog({
  bankCode,
  bankName,
  onSaved,
  onClose,
}: {
  bankCode: string;
  bankName: string;
  onSaved: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const update = useUpdateBankAccountName();
  const [name, setName] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const checked = checkEnglishName(name);
    if (!checked) {
      toast.error(t('validation.englishOnly'));
      return;
    }
    update.mutate(
      { bankCode, bankAccountName: checked },
      {
        onSuccess: () => {
          toast.success(t('editName.saved'));
          onSaved(checked);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  return (
    <Dialog title={t('editName.title')} onClose={onClose} testId="edit-name-dialog">
      <form className="form" onSubmit={submit} noValidate data-testid="edit-name-form">
        <p className="muted">{t('editName.text', { bank: bankName })}</p>
        <TextField
          label={t('editName.label')}
          name="bankAccountName"
          lang="en"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={name}
          onChange={(event) => setName(typedName(event.target.value))}
          data-testid="edit-name-input"
        />
        <Button type="submit" block pending={update.isPending} data-testid="edit-name-save">
          {t('common.save')}
        </Button>
      </form>
    </Dialog>
  );
}
