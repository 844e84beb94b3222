import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Later, LaterDrawnAtOnce } from './Later.tsx';

/** A screen with a part below it that comes later, and a part below that which comes later still. */
const nested = (
  <>
    <p>first</p>
    <Later>
      <p>second</p>
      <Later>
        <p>third</p>
      </Later>
    </Later>
  </>
);

describe('Later', () => {
  it('commits the screen without its children first, then with them, and a Later inside one a commit after that', async () => {
    // What the page shows at each commit of the tree (React calls onRender once per commit).
    const commits: string[] = [];
    render(
      <Profiler id="screen" onRender={() => commits.push(document.body.textContent ?? '')}>
        {nested}
      </Profiler>,
    );
    expect(await screen.findByText('third')).toBeInTheDocument();
    expect(screen.getByText('second')).toBeInTheDocument();
    expect(commits).toEqual(['first', 'firstsecond', 'firstsecondthird']);
  });

  it('draws its children in the same render where LaterDrawnAtOnce says so, as the build\'s server render of the first screens does', () => {
    const drawn = (atOnce: boolean) => renderToString(<LaterDrawnAtOnce.Provider value={atOnce}>{nested}</LaterDrawnAtOnce.Provider>);
    expect(drawn(true)).toBe('<p>first</p><p>second</p><p>third</p>');
    expect(drawn(false)).toBe('<p>first</p>');
  });
});
