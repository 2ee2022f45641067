import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

/** A step's heading; it takes the focus when the step replaced another (not on arrival). */
export function StepHeading({ children, focus }: { children: ReactNode; focus: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // DOM work: the new step is announced and read from its heading.
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <h2 ref={heading} tabIndex={-1} className="enrol-page__heading">
      {children}
    </h2>
  );
}
