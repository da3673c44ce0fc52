import { useForm, type FormValidateInput, type UseFormReturnType } from '@mantine/form';
import { useEffect, type FormEvent } from 'react';
import { focusFirstError } from './form-focus';
import { criteriaKey, useUrlCriteria, type UrlCriteriaSpec, type UrlSearch } from './url-criteria';

export interface SearchFormOptions<V extends Record<string, unknown>, C extends object> {
  /** The area's criteria in the URL (fields and reading rule). */
  spec: UrlCriteriaSpec<C>;
  /** The form before any search, and after Clear. */
  empty: V;
  /** The form's values of a submitted search. */
  valuesOf: (criteria: C) => V;
  /** The criteria of valid form values, cleaned as the server reads them (core's rule). */
  criteriaOf: (values: V) => C;
  /** The form's limits, core's query schema through `formCheck` (lib/form-check.ts). */
  validate: FormValidateInput<V>;
  /** False keeps the search in the component (a picker in a dialog); see useUrlCriteria. */
  inUrl?: boolean;
}

export interface SearchFormState<V extends Record<string, unknown>, C> {
  form: UseFormReturnType<V>;
  /** The search shown, or null before one is submitted. */
  submitted: UrlSearch<C> | null;
  /** Tells the shown search from another (criteriaKey); effects that must run once a search keep to it. */
  key: string;
  /** The query as it stands (a detail screen's way back). */
  params: URLSearchParams;
  /**
   * The form's submit handler. `onSameSearch` runs when the criteria are those already shown (Search again asks the
   * server again, as a person expects); a failing field gets focus.
   */
  submitHandler: (onSameSearch: () => void) => (event?: FormEvent<HTMLFormElement>) => void;
  /** Clear: the empty form and no search. */
  clear: () => void;
  /** Shows another page of the same search; Back then leaves the search, not each page. */
  showPage: (page: number) => void;
}

/**
 * The criteria form of a search screen (A§5, B§5), on the submitted search in the URL: the form starts from the
 * search shown and follows it when Back or Forward shows another; Search puts the criteria in the URL; Clear empties
 * both. The area gives its fields, its rule and its form values; the screen adds its fields and results.
 */
export function useSearchForm<V extends Record<string, unknown>, C extends object>({
  spec,
  empty,
  valuesOf,
  criteriaOf,
  validate,
  inUrl = true,
}: SearchFormOptions<V, C>): SearchFormState<V, C> {
  const { search: submitted, key, show, params } = useUrlCriteria(spec, { inUrl });
  const form = useForm<V>({
    mode: 'controlled',
    initialValues: submitted ? valuesOf(submitted.criteria) : empty,
    validate,
  });

  useEffect(() => {
    if (submitted) form.setValues(valuesOf(submitted.criteria));
    // Only a different search resets the form, not a page change or a re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const submitHandler = (onSameSearch: () => void) =>
    form.onSubmit((values) => {
      const next = { criteria: criteriaOf(values), page: 0 };
      if (criteriaKey(next.criteria, spec) === key) onSameSearch();
      show(next);
    }, focusFirstError(form.getInputNode));

  const clear = () => {
    form.setValues(empty);
    form.clearErrors();
    show(null);
  };

  const showPage = (page: number) => {
    if (submitted) show({ criteria: submitted.criteria, page }, { replace: true });
  };

  return { form, submitted, key, params, submitHandler, clear, showPage };
}
