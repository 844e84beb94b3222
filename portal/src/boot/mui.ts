/**
 * The portal's second start-up step (main.tsx): MUI's components and styles. The build puts them,
 * and what they import that the first step has not run, in this step's file (vite.config.ts).
 */
export { createTheme } from '@mui/material/styles';
