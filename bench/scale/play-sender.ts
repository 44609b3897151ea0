/**
 * The scale bench's background plays, in a process of their own (started by startPlaySender,
 * bench/scale/plays.ts): told to start, it sends plays at the rate asked until told to stop, then
 * answers every play's record.
 */
import { sendPlays, type FromPlaySender, type ToPlaySender } from './plays';

let sending: ReturnType<typeof sendPlays> | undefined;
const answer = (message: FromPlaySender) => process.send!(message);

process.on('message', (message: ToPlaySender) => {
  if ('start' in message) {
    sending = sendPlays(message.start.portal, message.start.perSecond, message.start.gameIds);
  } else if (sending) {
    const stopping = sending;
    sending = undefined;
    void stopping.stop().then((records) => answer({ records }));
  } else {
    answer({ records: [] });
  }
});
answer({ ready: true });
