import { createTheme } from '@mantine/core';

export const theme = createTheme({
  // Dense admin tables read better with the smaller radius (Mantine 9 changed the default to md).
  defaultRadius: 'sm',
  primaryColor: 'indigo',
});
