import type { Control } from 'react-hook-form';
import type { VacancyForm } from '@app/shared/schemas/vacancies';
import { FormTextField } from '../../../ui/admin/form-text-field';

type Name = keyof VacancyForm;
const FIELDS: { name: Name; label: string; rows?: number }[] = [
  { name: 'title', label: 'Title' },
  { name: 'expectation', label: 'Expectations', rows: 4 },
  { name: 'function', label: 'Function' },
  { name: 'description', label: 'Description', rows: 6 },
  { name: 'offer', label: 'Offer', rows: 4 },
];

/**
 * Title, Expectations, Function, Description and Offer of the create and edit forms. `required`
 * says which carry the required mark (all on edit; title and offer on create).
 * Errors show once a field is touched or a submit was tried (the forms use mode 'onTouched').
 */
export function VacancyFields({ control, required }: { control: Control<VacancyForm>; required: readonly Name[] }) {
  return (
    <>
      {FIELDS.map(({ name, label, rows }) => (
        <FormTextField
          key={name}
          control={control}
          name={name}
          label={label}
          required={required.includes(name)}
          fullWidth
          multiline={!!rows}
          minRows={rows}
        />
      ))}
    </>
  );
}
