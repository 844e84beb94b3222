import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import FaqCarousel, { FADE_MS, type FaqItem } from './FaqCarousel.tsx';

const ITEMS: FaqItem[] = [
  { question: 'Can I reschedule?', answer: 'Yes, up to 24 hours before.' },
  { question: 'Is it private?', answer: 'Sessions are one-to-one.' },
  { question: 'Who are the counsellors?', answer: 'Verified BH Associates.' },
  { question: 'Can my teenager book?', answer: 'With a parent or guardian.' },
];

/** The question now shown (the others are hidden). */
function shownQuestion(): string | null {
  const visible = screen.getAllByRole('heading', { level: 3, hidden: true }).filter((h) => !h.closest('[hidden]'));
  expect(visible).toHaveLength(1);
  return visible[0]?.textContent ?? null;
}

function click(name: string | RegExp) {
  fireEvent.click(screen.getByRole('button', { name }));
}

/** Lets a whole fade (out, swap, in) run. */
function finishFade() {
  act(() => {
    vi.advanceTimersByTime(FADE_MS);
  });
}

function setReducedMotion(reduce: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({ matches: reduce && query.includes('reduce'), media: query }),
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  setReducedMotion(false);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('FaqCarousel', () => {
  it('renders every answer in the page and shows the first question', () => {
    const { container } = render(<FaqCarousel items={ITEMS} label="Counselling questions" />);
    expect(screen.getByRole('region', { name: 'Counselling questions' })).toBeTruthy();
    for (const item of ITEMS) expect(container.textContent).toContain(item.answer);
    expect(shownQuestion()).toBe('Can I reschedule?');
    expect(screen.getByRole('button', { name: /Question 1:/ }).getAttribute('aria-current')).toBe('true');
  });

  it('fades out, swaps and fades in over 400 ms when moving to the next question', () => {
    const { container } = render(<FaqCarousel items={ITEMS} label="FAQ" />);
    const slides = container.querySelector('.faq__slides');
    click('Next question');

    expect(slides?.classList.contains('faq__slides--fading')).toBe(true);
    expect(shownQuestion()).toBe('Can I reschedule?');
    act(() => {
      vi.advanceTimersByTime(FADE_MS / 2);
    });
    expect(shownQuestion()).toBe('Is it private?');
    expect(slides?.classList.contains('faq__slides--fading')).toBe(false);
    expect(screen.getByRole('button', { name: /Question 2:/ }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: /Question 1:/ }).getAttribute('aria-current')).toBeNull();
  });

  it('wraps around in both directions', () => {
    render(<FaqCarousel items={ITEMS} label="FAQ" />);
    click('Previous question');
    finishFade();
    expect(shownQuestion()).toBe('Can my teenager book?');
    click('Next question');
    finishFade();
    expect(shownQuestion()).toBe('Can I reschedule?');
  });

  it('jumps to a question from its dot, and counts quick clicks from where the fade is heading', () => {
    render(<FaqCarousel items={ITEMS} label="FAQ" />);
    click(/Question 3:/);
    finishFade();
    expect(shownQuestion()).toBe('Who are the counsellors?');

    // Two clicks during one fade move two questions on (3 → 4 → 1), not one from the question still shown.
    click('Next question');
    click('Next question');
    finishFade();
    expect(shownQuestion()).toBe('Can I reschedule?');
  });

  it('moves with the arrow keys', () => {
    render(<FaqCarousel items={ITEMS} label="FAQ" />);
    const region = screen.getByRole('region', { name: 'FAQ' });
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    finishFade();
    expect(shownQuestion()).toBe('Is it private?');
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    finishFade();
    expect(shownQuestion()).toBe('Can my teenager book?');
  });

  it('changes at once, without a fade, for people who ask for reduced motion', () => {
    setReducedMotion(true);
    const { container } = render(<FaqCarousel items={ITEMS} label="FAQ" />);
    click('Next question');
    expect(shownQuestion()).toBe('Is it private?');
    expect(container.querySelector('.faq__slides--fading')).toBeNull();
  });
});
