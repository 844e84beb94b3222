import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Later } from './Later.tsx';

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
});
