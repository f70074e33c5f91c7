import type { Control } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import { CAREER_TILES, EMPLOYMENT_TYPES, type VacancyForm } from '@app/shared/schemas/vacancies';
import { FormTextField } from '../../../ui/admin/form-text-field';
import { DEFAULT_LOCALE, LOCALE_TABLE, LOCALES } from '@app/shared/locales';

type Name = keyof VacancyForm;
const FIELDS: {
  name: Exclude<Name, 'status' | 'closingDate' | 'employmentType' | 'location' | 'slug' | 'homeTile' | 'language'>;
  label: string;
  rows?: number;
}[] = [
  { name: 'title', label: 'Title' },
  { name: 'expectation', label: 'Expectations', rows: 4 },
  { name: 'function', label: 'Function', rows: 4 },
  { name: 'description', label: 'Description', rows: 6 },
  { name: 'offer', label: 'Offer', rows: 4 },
];

/** The publishing fields' values for a new vacancy (the server's defaults). */
export const PUBLISHING_DEFAULTS = {
  status: 'open',
  closingDate: '',
  employmentType: 'FULL_TIME',
  location: 'Antwerp, Belgium',
  slug: '',
  homeTile: '',
  language: DEFAULT_LOCALE,
} as const satisfies Partial<VacancyForm>;

/**
 * Title, Expectations, Function, Description and Offer of the create and edit forms, then the
 * publishing fields (status, closing date, employment type, location, slug, home page tile). `required` says which
 * texts carry the required mark (all on edit; title and offer on create).
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
      <FormTextField control={control} name="status" label="Status" select>
        <MenuItem value="open">Open</MenuItem>
        <MenuItem value="closed">Closed</MenuItem>
      </FormTextField>
      <FormTextField
        control={control}
        name="closingDate"
        label="Closing date"
        type="date"
        helperText="Optional. Open through this day (Brussels time); after it the vacancy leaves the site."
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <FormTextField control={control} name="employmentType" label="Employment type" select>
        {Object.entries(EMPLOYMENT_TYPES).map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField control={control} name="location" label="Location" required fullWidth />
      <FormTextField
        control={control}
        name="slug"
        label="Slug"
        fullWidth
        helperText="The readable part of the URL. Empty: made from the title."
      />
      {/* The language the vacancy is written in; its translations are made from it (decision 0155). */}
      <FormTextField control={control} name="language" label="Written in" select>
        {LOCALES.map((l) => (
          <MenuItem key={l} value={l}>
            {LOCALE_TABLE[l].name}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField
        control={control}
        name="homeTile"
        label="Home page tile"
        select
        helperText="The careers tile on the home page that opens this vacancy while it is open, whatever its title."
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">None</MenuItem>
        {Object.entries(CAREER_TILES).map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </FormTextField>
    </>
  );
}
