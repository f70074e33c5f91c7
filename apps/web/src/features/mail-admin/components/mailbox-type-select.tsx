import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import { MAILBOX_TYPES } from '@app/shared/constants';
import { FormTextField } from '../../../ui/admin/form-text-field';

/** The 'Mailbox Type' select (DEV or PROD) of the mailbox and provider forms. */
export function MailboxTypeSelect<T extends FieldValues, TOut = T>({
  control,
  name,
}: {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
}) {
  return (
    <FormTextField control={control} name={name} select label="Mailbox Type" required fullWidth>
      {MAILBOX_TYPES.map((t) => (
        <MenuItem key={t} value={t}>
          {t}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
