import * as v from 'valibot';
import { BillingAddressRequestSchema, PhoneSchema, UpdateAddressRequestSchema } from '../../../../contract/member-profile';

/**
 * The checks the address, billing address and phone forms pass before anything is sent (the BFF checks
 * again, and what it refuses is marked at the same fields): the contract's schemas, and a state exactly
 * where the country has states.
 */

export type AddressField = 'street' | 'postalCode' | 'city' | 'country' | 'state' | 'companyName' | 'vatId';
export type FieldProblem = 'required' | 'tooLong' | 'format';
export type AddressProblems = Partial<Record<AddressField, FieldProblem>>;

/** The address form's fields as typed (all text; empty for nothing chosen). */
export interface AddressValues {
  street: string;
  postalCode: string;
  city: string;
  country: string;
  state: string;
  companyName: string;
  vatId: string;
}

export const ADDRESS_FIELDS: readonly AddressField[] = ['companyName', 'vatId', 'street', 'postalCode', 'city', 'country', 'state'];

const isAddressField = (path: string): path is AddressField => (ADDRESS_FIELDS as readonly string[]).includes(path);

function problemsOf(issues: readonly v.BaseIssue<unknown>[], values: AddressValues): AddressProblems {
  const problems: AddressProblems = {};
  for (const issue of issues) {
    const field = v.getDotPath(issue);
    if (!field || !isAddressField(field) || problems[field]) continue;
    if (values[field].trim() === '') problems[field] = 'required';
    else problems[field] = issue.message.startsWith('At most') ? 'tooLong' : 'format';
  }
  return problems;
}

/** The member's own address: street, postal code, city and country required; the state where the country has states. */
export function addressProblems(values: AddressValues, countryHasStates: boolean): AddressProblems {
  const parsed = v.safeParse(UpdateAddressRequestSchema, addressRequest(values));
  const problems = parsed.success ? {} : problemsOf(parsed.issues, values);
  if (countryHasStates && values.state.trim() === '' && !problems.country) problems.state = 'required';
  return problems;
}

/** A billing address: as the member's address, with an optional company name and VAT number (checked against its country's format). */
export function billingAddressProblems(values: AddressValues, countryHasStates: boolean): AddressProblems {
  const parsed = v.safeParse(BillingAddressRequestSchema, billingAddressRequest(values));
  const problems = parsed.success ? {} : problemsOf(parsed.issues, values);
  if (countryHasStates && values.state.trim() === '' && !problems.country) problems.state = 'required';
  return problems;
}

/** The fields the BFF refused (by the paths of its 400), each to be checked again. */
export function refusedAddressFields(fields: readonly string[]): AddressProblems {
  return Object.fromEntries(fields.filter(isAddressField).map((field) => [field, 'format' as const]));
}

/** The first field to correct, in the order of the form. */
export const firstProblem = (problems: AddressProblems): AddressField | undefined => ADDRESS_FIELDS.find((field) => problems[field]);

export function addressRequest(values: AddressValues) {
  return {
    street: values.street,
    postalCode: values.postalCode,
    city: values.city,
    country: values.country,
    ...(values.state.trim() ? { state: values.state } : {}),
  };
}

export function billingAddressRequest(values: AddressValues) {
  return {
    companyName: values.companyName.trim() || null,
    vatId: values.vatId.trim() || null,
    street: values.street,
    postalCode: values.postalCode,
    city: values.city,
    country: values.country,
    state: values.state.trim() || null,
  };
}

/** What is wrong with a phone number as typed (empty is no problem: it removes the number). */
export function phoneProblem(typed: string): 'format' | null {
  if (typed.trim() === '') return null;
  return v.is(PhoneSchema, typed) ? null : 'format';
}
