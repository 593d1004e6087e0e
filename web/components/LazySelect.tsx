import type { SelectProps } from 'antd';
import { Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { componentOnDemand } from '../lib/lazy-component';
import { SelectStandIn } from './SelectStandIn';

// antd's Select is what a page's selects would cost every visit, though most visits change none of them: each
// is drawn without that code until it is first pressed; pointing at or focusing one fetches the code ahead.
const { Component: LoadedSelect, warmUp } = componentOnDemand(() => import('antd/es/select'));
const Select = LoadedSelect as unknown as <T>(props: SelectProps<T>) => ReactNode;

type Value = string | number;
type Choice<V> = { value: V; label: ReactNode; disabled?: boolean };
/** A titled group of choices, as antd's grouped options. */
type ChoiceGroup<V> = { label: ReactNode; title?: string; options: Choice<V>[] };
/** One value, or antd's multiple mode's list of them. */
type ValueOf<T> = T extends readonly (infer V)[] ? V : T;

type LazySelectProps<T> = Omit<SelectProps<T>, 'options'> & { options: (Choice<ValueOf<T>> | ChoiceGroup<ValueOf<T>>)[]; 'data-testid'?: string };

/**
 * antd's Select (single, or multiple with `mode="multiple"`), showing its value, tags or placeholder the same
 * way until its code is in. The stand-in removes a tag and clears as antd's does; everything else (search,
 * the list) is the real select's, which takes over open and focused.
 */
export function LazySelect<T extends Value | Value[]>(props: LazySelectProps<T>) {
  const [opened, setOpened] = useState(false);
  const { id, mode, value, options, onChange, onClear, allowClear, placeholder, prefix, loading, disabled, status, size, className } = props;
  const choices = options.flatMap((option) => ('options' in option ? option.options : [option]));
  const choiceOf = (v: ValueOf<T>) => choices.find((choice) => choice.value === v);
  const values = (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]) as ValueOf<T>[];
  const change = (next: ValueOf<T>[]) => {
    const chosen = next.map((v) => choiceOf(v) ?? { value: v, label: v });
    // As antd's: the values and their options in multiple mode, else the one value (undefined once cleared).
    if (mode === 'multiple') onChange?.(next as unknown as T, chosen);
    else onChange?.(next[0] as T, chosen[0]!);
  };

  const standIn = (
    <SelectStandIn
      id={id}
      multiple={mode === 'multiple'}
      // antd shows a value missing from the options as it is.
      chosen={values.map((v) => ({
        key: v,
        label: choiceOf(v)?.label ?? v,
        onRemove: choiceOf(v)?.disabled ? undefined : () => change(values.filter((kept) => kept !== v)),
      }))}
      placeholder={placeholder}
      prefix={prefix}
      loading={loading}
      disabled={disabled}
      status={status}
      size={size}
      className={className}
      onClear={
        allowClear
          ? () => {
              change([]);
              onClear?.();
            }
          : undefined
      }
      onReach={warmUp}
      onOpen={() => setOpened(true)}
      aria-label={props['aria-label']}
      data-testid={props['data-testid']}
    />
  );
  if (!opened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <Select<T> {...props} autoFocus defaultOpen />
    </Suspense>
  );
}
