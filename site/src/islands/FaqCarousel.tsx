import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import './FaqCarousel.css';

export interface FaqItem {
  question: string;
  answer: string;
}

interface Props {
  items: FaqItem[];
  /** Accessible name of the carousel, e.g. 'Counselling questions'. */
  label: string;
}

/** A change of question takes 400 ms (spec §9): the old one fades out, then the new one fades in. */
export const FADE_MS = 400;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * One question at a time, with arrows that wrap around and a dot per question (spec §2.2).
 * Every answer is in the server-rendered HTML; the ones not shown are `hidden`.
 */
export default function FaqCarousel({ items, label }: Props) {
  const [index, setIndex] = useState(0);
  const [fading, setFading] = useState(false);
  // The question a fade is heading to, so quick repeated clicks keep counting from it.
  const target = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (next: number) => {
    const wrapped = (next + items.length) % items.length;
    if (wrapped === target.current) return;
    target.current = wrapped;
    clearTimeout(timer.current);
    if (prefersReducedMotion()) {
      setIndex(wrapped);
      return;
    }
    setFading(true);
    timer.current = setTimeout(() => {
      setIndex(target.current);
      setFading(false);
    }, FADE_MS / 2);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') show(target.current - 1);
    else if (event.key === 'ArrowRight') show(target.current + 1);
    else return;
    event.preventDefault();
  };

  return (
    <section className="faq card" aria-roledescription="carousel" aria-label={label} onKeyDown={onKeyDown}>
      <div className={fading ? 'faq__slides faq__slides--fading' : 'faq__slides'} aria-live="polite">
        {items.map((item, i) => (
          <div
            key={item.question}
            className="faq__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${items.length}`}
            hidden={i !== index}
          >
            <h3 className="faq__question">{item.question}</h3>
            <p className="faq__answer">{item.answer}</p>
          </div>
        ))}
      </div>
      <div className="faq__controls">
        <button type="button" className="faq__arrow" aria-label="Previous question" onClick={() => show(target.current - 1)}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M15 5l-7 7 7 7" />
          </svg>
        </button>
        <div className="faq__dots">
          {items.map((item, i) => (
            <button
              key={item.question}
              type="button"
              className="faq__dot"
              aria-label={`Question ${i + 1}: ${item.question}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => show(i)}
            />
          ))}
        </div>
        <button type="button" className="faq__arrow" aria-label="Next question" onClick={() => show(target.current + 1)}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M9 5l7 7-7 7" />
          </svg>
        </button>
      </div>
    </section>
  );
}
