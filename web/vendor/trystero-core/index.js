import { all, createRelayManager, decodeBytes, encodeBytes, entries, fromJson, genId, getRelays, keys, libName, makeSocket, pauseRelayReconnection, resumeRelayReconnection, selfId, socketGetter, strToNum, toHex, toJson, values } from "./utils.js";
import { hashWith, sha1 } from "./crypto.js";
import strategy_default from "./strategy.js";
import topic_strategy_default from "./topic-strategy.js";
export { all, createRelayManager, strategy_default as createStrategy, topic_strategy_default as createTopicStrategy, decodeBytes, encodeBytes, entries, fromJson, genId, getRelays, hashWith, keys, libName, makeSocket, pauseRelayReconnection, resumeRelayReconnection, selfId, sha1, socketGetter, strToNum, toHex, toJson, values };
