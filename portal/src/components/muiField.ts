import type { RefCallback } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * react-hook-form registers a field through its `ref`, but MUI inputs forward `ref` to their outer
 * element; the DOM input is reached with `inputRef`.
 */
export function muiField<T extends string>(registration: UseFormRegisterReturn<T>): Omit<UseFormRegisterReturn<T>, 'ref'> & {
  inputRef: RefCallback<HTMLInputElement>;
} {
  const { ref, ...rest } = registration;
  return { ...rest, inputRef: ref };
}
