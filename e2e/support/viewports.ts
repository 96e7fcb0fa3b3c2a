// The two screens every visitor-flow test runs on: a desktop and a phone.
export const desktop = { width: 1280, height: 900 };
export const phone = { width: 375, height: 740 };

/** For `describe.each`: [name, viewport]. */
export const visitorViewports = [
  ['desktop', desktop],
  ['phone', phone],
] as const;
