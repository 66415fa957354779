import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@app/domain/messages';
import { tryDecodeId } from '@app/domain/idCodec';

/** The order id in /track-order/{orderId}, decoded from the link. */
function orderIdFromPath(pathname: string): string {
  const match = pathname.match(/^\/track-order\/([^/]+)/);
  if (!match) return '';
  const decoded = tryDecodeId(match[1]!);
  return decoded === null ? decodeURIComponent(match[1]!) : String(decoded);
}

/** Track an order (SPEC section 2, visitor screens). */
export function App() {
  const [orderId, setOrderId] = useState(() => orderIdFromPath(window.location.pathname));
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ orderId?: string; email?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({
      orderId: orderId.trim() ? undefined : MESSAGES.trackOrderIdRequired,
      email: email.trim() ? undefined : MESSAGES.trackEmailRequired,
    });
  };

  return (
    <main>
      <h1>Download your Thailand Arrival Card</h1>
      <p>Enter your order ID and the email address you used when applying.</p>
      <form noValidate onSubmit={submit}>
        <label htmlFor="orderId">Order ID</label>
        <input
          id="orderId"
          value={orderId}
          onChange={(e) => setOrderId(e.target.value)}
          aria-invalid={!!errors.orderId}
        />
        {errors.orderId && <p className="error">{errors.orderId}</p>}
        <label htmlFor="email">Email</label>
        <input
          id="email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={!!errors.email}
        />
        {errors.email && <p className="error">{errors.email}</p>}
        <button type="submit">TRACK ORDER</button>
      </form>
    </main>
  );
}
