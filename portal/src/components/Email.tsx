import { Fragment } from 'react';

/**
 * An email address that may wrap only where a reader expects it: after the '@' and before each
 * dot of the domain ('priya@' / 'demo.' / 'betterhealth.in'), not in the middle of a word unless
 * one part alone is wider than its box.
 */
export function Email({ address }: { address: string }) {
  const at = address.indexOf('@');
  if (at < 0) return <>{address}</>;
  const local = address.slice(0, at + 1);
  const domain = address.slice(at + 1).split('.');
  return (
    <span style={{ overflowWrap: 'break-word', wordBreak: 'normal' }}>
      {local}
      <wbr />
      {domain.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? (
            <>
              <wbr />.
            </>
          ) : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
