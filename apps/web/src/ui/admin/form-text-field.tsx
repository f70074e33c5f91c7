import type { ReactNode } from 'react';
import { Controller, type Control, type FieldError, type FieldPath, type FieldValues } from 'react-hook-form';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type FormTextFieldProps<T extends FieldValues, TOut = T> = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'inputRef' | 'error' | 'helperText'
> & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  /** The input's id, the field's name when absent: labels and the e2e tests find fields by it. */
  id?: string;
  /** Shown while the field has no error. */
  helperText?: ReactNode;
  /** Turns the typed text into the form value (numbers, say); the text itself when absent. */
  parse?: (text: string) => unknown;
  /** The message of a field error; its own message when absent. */
  errorText?: (error: FieldError) => string | undefined;
};

/**
 * A MUI text field (or select, with `select` and options as children) bound to a react-hook-form
 * field: its value, its error state and the error's message in place of the helper text.
 */
export function FormTextField<T extends FieldValues, TOut = T>({
  control,
  name,
  id,
  helperText,
  parse,
  errorText = (error) => error.message,
  ...props
}: FormTextFieldProps<T, TOut>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          // An optional field may hold undefined: keep the input controlled.
          value={field.value ?? ''}
          onChange={parse ? (e) => field.onChange(parse(e.target.value)) : field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          id={id ?? name}
          error={!!fieldState.error}
          helperText={(fieldState.error && errorText(fieldState.error)) ?? helperText}
        />
      )}
    />
  );
}
