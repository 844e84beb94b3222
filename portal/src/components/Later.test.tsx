import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Later, LaterDrawnAtOnce } from './Later.tsx';

describe('Later', () => {
  it('commits the screen without its children first, then with them, and a Later inside one a commit after that', async () => {
    // What the page shows at each commit of the tree (React calls onRender once per commit).
    const commits: string[] = [];
    render(
      <Profiler id="screen" onRender={() => commits.push(document.body.textContent ?? '')}>
        <p>first</p>
        <Later>
          <p>second</p>
          <Later>
            <p>third</p>
          </Later>
        </Later>
      </Profiler>,
    );
    expect(await screen.findByText('third')).toBeInTheDocument();
    expect(screen.getByText('second')).toBeInTheDocument();
    expect(commits).toEqual(['first', 'firstsecond', 'firstsecondthird']);
  });

  it('draws its children in the same render where LaterDrawnAtOnce says so, as the build\'s server render of the first screens does', () => {
    const screen = (atOnce: boolean) =>
      renderToString(
        <LaterDrawnAtOnce.Provider value={atOnce}>
          <p>first</p>
          <Later>
            <p>second</p>
            <Later>
              <p>third</p>
            </Later>
          </Later>
        </LaterDrawnAtOnce.Provider>,
      );
    expect(screen(true)).toBe('<p>first</p><p>second</p><p>third</p>');
    expect(screen(false)).toBe('<p>first</p>');
  });
});
