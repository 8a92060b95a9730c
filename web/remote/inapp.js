// Messengers open links in a browser of their own, whose storage is apart from the phone's
// browser: a seat taken there lives there only (its keys and its copy of the game), and a later
// link opened in the phone's browser finds nothing. The join dialog names the app before anyone
// joins in it. Recognised by the user-agent strings the apps' own browsers send.

const APPS = [
  ["Instagram", /Instagram/],
  ["Messenger", /FBAN\/Messenger|MessengerForiOS|Orca-Android/],
  ["Facebook", /FBAN|FBAV|FB_IAB/],
  ["LINE", /\bLine\//],
  ["WeChat", /MicroMessenger/],
  ["Telegram", /Telegram/],
  ["TikTok", /musical_ly|BytedanceWebview|TikTok/],
  ["Snapchat", /Snapchat/],
  ["X", /Twitter/],
];

/** The messenger whose own browser shows this page (its name), or null. */
export function inAppBrowser(ua = typeof navigator === "object" ? navigator.userAgent : "") {
  for (const [name, pattern] of APPS) if (pattern.test(ua)) return name;
  return null;
}
