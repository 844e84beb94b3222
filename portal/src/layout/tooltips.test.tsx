import { Profiler, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, IconButton, Tooltip } from '@mui/material';
import EventIcon from '@mui/icons-material/Event';

/**
 * MUI's Tooltip, as patched (patches/@mui__material@9.5.0.patch, issue 20): the icon buttons of the
 * top bar and the dashboard wear one, and a closed tooltip no longer draws itself and its button a
 * second time, synchronously, as they mount. What a person sees of a tooltip stays the same.
 */
describe('a tooltip on an icon button', () => {
  const button = (
    <Tooltip title="Add to calendar">
      <IconButton>
        <EventIcon />
      </IconButton>
    </Tooltip>
  );

  it('is drawn once as it mounts, with its button named by its title', () => {
    const commits: string[] = [];
    render(
      <Profiler id="tooltip" onRender={(_id, phase) => commits.push(phase)}>
        {button}
      </Profiler>,
    );
    // Unpatched, the button's element reached the tooltip's state as it mounted: ['mount', 'nested-update'].
    expect(commits).toEqual(['mount']);
    expect(screen.getByRole('button', { name: 'Add to calendar' })).toBeInTheDocument();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows its title when the pointer rests on the button, and hides it when the pointer leaves', async () => {
    const user = userEvent.setup();
    render(button);
    await user.hover(screen.getByRole('button', { name: 'Add to calendar' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Add to calendar');
    await user.unhover(screen.getByRole('button', { name: 'Add to calendar' }));
    await act(() => new Promise((done) => setTimeout(done, 400)));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows its title when the button gets the keyboard focus, and hides it on Escape', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Button>Before</Button>
        {button}
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Add to calendar' })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Add to calendar');
    await user.keyboard('{Escape}');
    await act(() => new Promise((done) => setTimeout(done, 400)));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows a tooltip that is open from the start once its button is in the page, and follows a new button', async () => {
    function Swapping() {
      const [second, setSecond] = useState(false);
      return (
        <Tooltip title="Held open" open>
          {second ? <Button>Second</Button> : <Button onClick={() => setSecond(true)}>First</Button>}
        </Tooltip>
      );
    }
    const user = userEvent.setup();
    render(<Swapping />);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Held open');
    // The tooltip names its button (aria-label), so the buttons are found by their text.
    await user.click(screen.getByText('First'));
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Held open');
  });
});
