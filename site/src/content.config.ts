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

export const collections = { policies, faqs };
