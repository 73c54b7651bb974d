import { useId } from 'react';
import type { SignInRequest } from '../../../shared/host-api';

export type SignInOptions = Required<
  Pick<SignInRequest, 'scope' | 'clientId' | 'clientSecret' | 'clientMetadataUrl'>
> & { clientCredentials: boolean };
export const NO_OPTIONS: SignInOptions = {
  scope: '',
  clientId: '',
  clientSecret: '',
  clientMetadataUrl: '',
  clientCredentials: false,
};

/** What the user typed, as a request: empty fields are not sent. */
export function requestOf(options: SignInOptions): SignInRequest {
  const scope = options.scope.trim();
  const clientId = options.clientId.trim();
  const metadata = options.clientMetadataUrl.trim();
  return {
    ...(scope && { scope }),
    ...(clientId && { clientId }),
    ...(clientId && options.clientSecret && { clientSecret: options.clientSecret }),
    ...(metadata && !clientId && { clientMetadataUrl: metadata }),
    ...(options.clientCredentials && { clientCredentials: true }),
  };
}

/**
 * A client registered by hand, a machine client, our client metadata document, and the scopes to
 * ask for.
 */
export function SignInOptionsForm({
  value,
  onChange,
  disabled,
}: {
  value: SignInOptions;
  onChange(next: SignInOptions): void;
  disabled: boolean;
}) {
  const id = useId();
  const field = (key: keyof Omit<SignInOptions, 'clientCredentials'>) => ({
    id: `${id}-${key}`,
    value: value[key],
    disabled,
    onChange: (event: { target: { value: string } }) =>
      onChange({ ...value, [key]: event.target.value }),
  });
  return (
    <details
      className="sign-in-options"
      onKeyDown={(event) => event.key === 'Escape' && (event.currentTarget.open = false)}
    >
      <summary>Client and scopes</summary>
      <div className="sign-in-fields">
        <label htmlFor={`${id}-scope`}>Scopes</label>
        <input
          {...field('scope')}
          placeholder="what the server offers"
          autoComplete="off"
          spellCheck={false}
        />
        <label htmlFor={`${id}-clientId`}>Client id</label>
        <input
          {...field('clientId')}
          placeholder="registered for you, unless you give one"
          autoComplete="off"
          spellCheck={false}
        />
        <label htmlFor={`${id}-clientSecret`}>Client secret</label>
        <input
          {...field('clientSecret')}
          type="password"
          placeholder="only for a client that has one"
          autoComplete="off"
          disabled={disabled || !value.clientId.trim()}
        />
        <label htmlFor={`${id}-clientMetadataUrl`}>Client metadata document</label>
        <input
          {...field('clientMetadataUrl')}
          type="url"
          placeholder="https://… (where the server takes one)"
          autoComplete="off"
          spellCheck={false}
          disabled={disabled || Boolean(value.clientId.trim())}
        />
        <span />
        <label className="checkbox-label">
          <input
            type="checkbox"
            checked={value.clientCredentials}
            disabled={disabled}
            onChange={(event) => onChange({ ...value, clientCredentials: event.target.checked })}
          />{' '}
          A machine client (client credentials: no browser; needs the id and secret)
        </label>
      </div>
    </details>
  );
}
