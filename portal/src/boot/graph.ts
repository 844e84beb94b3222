/**
 * Not a page's script: names for the build what the sign-in page runs, the start-up steps that
 * main.tsx imports one task after another, so that the build can put each step's modules in a file
 * of its own (vite.config.ts). The build leaves this file out of what it writes.
 */
import './mui.ts';
import './schemas.ts';
import '../start.tsx';
