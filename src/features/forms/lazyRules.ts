import { schemaResolver, type FormErrors } from '@mantine/form';
import { localizedErrors } from './schema-errors';

type Schema = Parameters<typeof schemaResolver>[0];

/**
 * A form's rules (its shared zod schema) loaded when the visitor turns to the form, not with the
 * page: zod and the schemas are some 33 KB transferred, most of a form page's budget (issue 57).
 * `preload` goes on the form's focus, so the rules are usually here by the first blur or submit;
 * `validate` (useForm's) waits for them otherwise, as Mantine's form waits for any async rule.
 * Made once per form, outside the component.
 */
export function lazyRules<S extends Schema>(load: () => Promise<S>) {
  let resolve: ((values: unknown) => FormErrors) | null = null;
  let loading: Promise<S> | null = null;
  const schema = (): Promise<S> => {
    loading ??= load().then(
      (rules) => {
        resolve = formRules(rules);
        return rules;
      },
      // Offline before the rules came: the next try loads them again.
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return {
    /** The schema, once loaded (to parse what a valid form submits). */
    schema,
    preload: (): void => void schema().catch(() => undefined),
    validate: (values: unknown): FormErrors | Promise<FormErrors> => (resolve ? resolve(values) : schema().then(() => resolve!(values))),
  };
}

/** useForm's `validate` for a schema: its errors in the page's language (schema-errors.ts). */
export function formRules<S extends Schema>(schema: S): (values: unknown) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true }) as (values: unknown) => FormErrors;
  return (values) => localizedErrors(resolve(values));
}
