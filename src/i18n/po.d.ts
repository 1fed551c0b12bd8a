/** A catalog compiled by @lingui/vite-plugin: message id → compiled message. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
