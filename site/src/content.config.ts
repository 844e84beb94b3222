import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { SERVICE_KEYS } from '@bh/shared/catalog/services';

/** A paragraph, or a bulleted list (at least two points, or it would be a paragraph). */
const block = z.union([z.string().min(1), z.strictObject({ list: z.array(z.string().min(1)).min(2) })]);

const section = z.strictObject({
  title: z.string().min(1),
  body: z.array(block).min(1),
});

/** Privacy policy and terms: 15 numbered sections, then a contact section (spec §2.1). */
const policies = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/policies' }),
  schema: z.strictObject({
    title: z.string().min(1),
    description: z.string().min(50).max(170),
    lastUpdated: z.iso.date(),
    intro: z.array(z.string().min(1)).min(1),
    sections: z.array(section).length(15),
    contact: section,
  }),
});

/** One FAQ carousel per service page: exactly 4 questions (spec §2.2). */
const faqs = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/faqs' }),
  schema: z.strictObject({
    service: z.enum(SERVICE_KEYS),
    questions: z
      .array(z.strictObject({ question: z.string().min(1).endsWith('?'), answer: z.string().min(1) }))
      .length(4),
  }),
});

const text = z.string().min(1);
const step = z.strictObject({ title: text, text });

/**
 * The two service pages (spec §2.1), one entry each: the same sections in the same order, so one
 * component (ServicePage.astro) draws both and only the words differ.
 */
const servicePages = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/service-pages' }),
  schema: z.strictObject({
    service: z.enum(SERVICE_KEYS),
    title: text,
    description: z.string().min(50).max(170),
    hero: z.strictObject({ eyebrow: text, title: text, motif: z.enum(['mind', 'skin']), lead: text, plansButton: text }),
    /** The list beside the intro: `id` names the section's heading (`<id>-title`). */
    highlights: z.strictObject({
      id: z.string().regex(/^[a-z]+$/),
      title: text,
      lead: text,
      tone: z.enum(['mint', 'sand']),
      items: z.array(text).min(2),
    }),
    steps: z.strictObject({ heading: text, intro: text, steps: z.tuple([step, step, step]) }),
    plans: z.strictObject({
      heading: text,
      intro: text,
      unit: z.strictObject({ single: text, bundle: text }),
      includes: z.strictObject({ single: z.array(text).min(1), bundle: z.array(text).min(1) }),
    }),
    faqLabel: text,
  }),
});

export const collections = { policies, faqs, servicePages };
