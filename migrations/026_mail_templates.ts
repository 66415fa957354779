import type { Knex } from 'knex';

/**
 * Mail templates: each customer mail as a Liquid subject and body per key, language and brand, and
 * every saved version of each. Seeds the mails the product sent as code until now, in the default
 * brand and the visitor app's nine languages: English word for word as before, the others translated.
 * A body's paragraphs are separated by a blank line; a single newline is a line break.
 */
interface Wording {
  /** The first and last paragraphs of every mail. */
  greeting: string;
  signOff: string;
  mails: Record<'approval' | 'invoice' | 'refund' | 'chase', { subject: string; paragraphs: string[] }>;
}

/** Before the last paragraph of the chase: the note a macro or rule adds, when it adds one. */
const MESSAGE = '{% if message %}{{ message }}\n\n{% endif %}';
const NAME = '{{ full_name | default: email }}';

const WORDING: Record<string, Wording> = {
  en: {
    greeting: `Dear ${NAME},`,
    signOff: 'If you have any questions, write to us at {{ support_email }}.\n\n{{ brand_name }}',
    mails: {
      approval: {
        subject: 'Your {{ country_name }} Digital Arrival Card - Order {{ order_id }}',
        paragraphs: [
          'Good news: your {{ country_name }} Digital Arrival Card for order {{ order_id }} is ready. It is attached to this email.',
          'You can also download it at any time from your order page:\n{{ track_url }}',
          'Please keep it on your phone or print it for your arrival in {{ country_name }}.',
        ],
      },
      invoice: {
        subject: 'Invoice for your {{ country_name }} Digital Arrival Card - Order {{ order_id }}',
        paragraphs: [
          'Thank you for your order. Please find attached the invoice for order {{ order_id }}, issued on {{ mail_date }}.',
        ],
      },
      refund: {
        subject: 'Your refund for order {{ order_id }}',
        paragraphs: [
          'We have refunded your payment{% if amount %} of {{ amount }}{% endif %} for order {{ order_id }}.',
          'Depending on your bank, it can take 5 to 10 working days to appear on your statement.',
        ],
      },
      chase: {
        subject: 'We need your reply - Order {{ order_id }}',
        paragraphs: [
          'We need some more information from you to finish your {{ country_name }} Digital Arrival Card for order {{ order_id }}.',
          `${MESSAGE}Please reply to this email, or see your order at:\n{{ track_url }}`,
        ],
      },
    },
  },
  th: {
    greeting: `เรียน ${NAME}`,
    signOff: 'หากมีคำถาม กรุณาเขียนถึงเราที่ {{ support_email }}\n\n{{ brand_name }}',
    mails: {
      approval: {
        subject: 'บัตรขาเข้าดิจิทัล {{ country_name }} ของคุณ - คำสั่งซื้อ {{ order_id }}',
        paragraphs: [
          'ข่าวดี: บัตรขาเข้าดิจิทัล {{ country_name }} ของคำสั่งซื้อ {{ order_id }} พร้อมแล้ว และแนบมากับอีเมลนี้',
          'คุณสามารถดาวน์โหลดได้ตลอดเวลาจากหน้าคำสั่งซื้อของคุณ:\n{{ track_url }}',
          'กรุณาเก็บไว้ในโทรศัพท์หรือพิมพ์ออกมาเพื่อใช้เมื่อเดินทางถึง {{ country_name }}',
        ],
      },
      invoice: {
        subject: 'ใบแจ้งหนี้บัตรขาเข้าดิจิทัล {{ country_name }} - คำสั่งซื้อ {{ order_id }}',
        paragraphs: ['ขอบคุณสำหรับคำสั่งซื้อ ใบแจ้งหนี้ของคำสั่งซื้อ {{ order_id }} ออกเมื่อ {{ mail_date }} แนบมากับอีเมลนี้'],
      },
      refund: {
        subject: 'การคืนเงินสำหรับคำสั่งซื้อ {{ order_id }}',
        paragraphs: [
          'เราได้คืนเงิน{% if amount %} {{ amount }}{% endif %} สำหรับคำสั่งซื้อ {{ order_id }} แล้ว',
          'อาจใช้เวลา 5 ถึง 10 วันทำการจึงจะปรากฏในรายการบัญชีของคุณ ขึ้นอยู่กับธนาคาร',
        ],
      },
      chase: {
        subject: 'เราต้องการคำตอบจากคุณ - คำสั่งซื้อ {{ order_id }}',
        paragraphs: [
          'เราต้องการข้อมูลเพิ่มเติมจากคุณเพื่อทำบัตรขาเข้าดิจิทัลของคำสั่งซื้อ {{ order_id }} ให้เสร็จ',
          `${MESSAGE}กรุณาตอบกลับอีเมลนี้ หรือดูคำสั่งซื้อของคุณที่:\n{{ track_url }}`,
        ],
      },
    },
  },
  zh: {
    greeting: `尊敬的 ${NAME}：`,
    signOff: '如有任何问题，请发送邮件至 {{ support_email }}。\n\n{{ brand_name }}',
    mails: {
      approval: {
        subject: '您的{{ country_name }}电子入境卡 - 订单 {{ order_id }}',
        paragraphs: [
          '好消息：您订单 {{ order_id }} 的{{ country_name }}电子入境卡已办好，已附在本邮件中。',
          '您也可以随时在订单页面下载：\n{{ track_url }}',
          '请将其保存在手机中或打印出来，以便抵达{{ country_name }}时使用。',
        ],
      },
      invoice: {
        subject: '您的{{ country_name }}电子入境卡发票 - 订单 {{ order_id }}',
        paragraphs: ['感谢您的订购。附件是订单 {{ order_id }} 的发票，开具日期为 {{ mail_date }}。'],
      },
      refund: {
        subject: '订单 {{ order_id }} 的退款',
        paragraphs: [
          '我们已退还您订单 {{ order_id }} 的付款{% if amount %}（{{ amount }}）{% endif %}。',
          '视您的银行而定，款项可能需要 5 到 10 个工作日才会显示在您的账单上。',
        ],
      },
      chase: {
        subject: '订单 {{ order_id }} 需要您的回复',
        paragraphs: [
          '我们需要您提供更多信息，以完成订单 {{ order_id }} 的电子入境卡。',
          `${MESSAGE}请回复本邮件，或在此查看您的订单：\n{{ track_url }}`,
        ],
      },
    },
  },
  ja: {
    greeting: `${NAME} 様`,
    signOff: 'ご不明な点がございましたら、{{ support_email }} までご連絡ください。\n\n{{ brand_name }}',
    mails: {
      approval: {
        subject: '{{ country_name }}デジタル入国カード - ご注文 {{ order_id }}',
        paragraphs: [
          'ご注文 {{ order_id }} の{{ country_name }}デジタル入国カードの準備ができました。このメールに添付しています。',
          'ご注文ページからいつでもダウンロードできます：\n{{ track_url }}',
          '{{ country_name }}到着時のために、スマートフォンに保存するか印刷してください。',
        ],
      },
      invoice: {
        subject: '{{ country_name }}デジタル入国カードの請求書 - ご注文 {{ order_id }}',
        paragraphs: [
          'ご注文ありがとうございます。ご注文 {{ order_id }} の請求書（{{ mail_date }} 発行）を添付しています。',
        ],
      },
      refund: {
        subject: 'ご注文 {{ order_id }} の返金',
        paragraphs: [
          'ご注文 {{ order_id }} のお支払い{% if amount %}（{{ amount }}）{% endif %}を返金しました。',
          '銀行によっては、明細に反映されるまで5〜10営業日かかる場合があります。',
        ],
      },
      chase: {
        subject: 'ご注文 {{ order_id }} についてご返信をお願いします',
        paragraphs: [
          'ご注文 {{ order_id }} のデジタル入国カードを完成させるため、追加の情報が必要です。',
          `${MESSAGE}このメールにご返信いただくか、ご注文ページをご確認ください：\n{{ track_url }}`,
        ],
      },
    },
  },
  ko: {
    greeting: `${NAME} 님께,`,
    signOff: '문의 사항이 있으시면 {{ support_email }}(으)로 연락해 주세요.\n\n{{ brand_name }}',
    mails: {
      approval: {
        subject: '{{ country_name }} 디지털 입국 카드 - 주문 {{ order_id }}',
        paragraphs: [
          '주문 {{ order_id }}의 {{ country_name }} 디지털 입국 카드가 준비되었습니다. 이 이메일에 첨부되어 있습니다.',
          '주문 페이지에서 언제든지 다운로드할 수 있습니다:\n{{ track_url }}',
          '{{ country_name }} 도착 시 사용할 수 있도록 휴대폰에 저장하거나 인쇄해 주세요.',
        ],
      },
      invoice: {
        subject: '{{ country_name }} 디지털 입국 카드 청구서 - 주문 {{ order_id }}',
        paragraphs: ['주문해 주셔서 감사합니다. {{ mail_date }}에 발행된 주문 {{ order_id }}의 청구서를 첨부합니다.'],
      },
      refund: {
        subject: '주문 {{ order_id }} 환불',
        paragraphs: [
          '주문 {{ order_id }}의 결제 금액{% if amount %}({{ amount }}){% endif %}을 환불했습니다.',
          '은행에 따라 명세서에 표시되기까지 5~10 영업일이 걸릴 수 있습니다.',
        ],
      },
      chase: {
        subject: '주문 {{ order_id }}에 대한 회신이 필요합니다',
        paragraphs: [
          '주문 {{ order_id }}의 디지털 입국 카드를 완료하려면 추가 정보가 필요합니다.',
          `${MESSAGE}이 이메일에 회신하시거나 주문 페이지를 확인해 주세요:\n{{ track_url }}`,
        ],
      },
    },
  },
  ru: {
    greeting: `Здравствуйте, ${NAME}!`,
    signOff: 'Если у вас есть вопросы, напишите нам на {{ support_email }}.\n\n{{ brand_name }}',
    mails: {
      approval: {
        subject: 'Ваша цифровая карта прибытия ({{ country_name }}) - заказ {{ order_id }}',
        paragraphs: [
          'Хорошие новости: ваша цифровая карта прибытия ({{ country_name }}) по заказу {{ order_id }} готова. Она приложена к этому письму.',
          'Вы также можете скачать её в любое время на странице заказа:\n{{ track_url }}',
          'Сохраните её в телефоне или распечатайте к прибытию.',
        ],
      },
      invoice: {
        subject: 'Счёт за цифровую карту прибытия ({{ country_name }}) - заказ {{ order_id }}',
        paragraphs: ['Спасибо за заказ. Во вложении счёт по заказу {{ order_id }}, выставленный {{ mail_date }}.'],
      },
      refund: {
        subject: 'Возврат средств по заказу {{ order_id }}',
        paragraphs: [
          'Мы вернули ваш платёж{% if amount %} в размере {{ amount }}{% endif %} по заказу {{ order_id }}.',
          'В зависимости от банка средства могут появиться на счёте через 5–10 рабочих дней.',
        ],
      },
      chase: {
        subject: 'Нужен ваш ответ - заказ {{ order_id }}',
        paragraphs: [
          'Чтобы подготовить цифровую карту прибытия по заказу {{ order_id }}, нам нужна дополнительная информация от вас.',
          `${MESSAGE}Ответьте на это письмо или откройте страницу заказа:\n{{ track_url }}`,
        ],
      },
    },
  },
  fr: {
    greeting: `Bonjour ${NAME},`,
    signOff: 'Pour toute question, écrivez-nous à {{ support_email }}.\n\n{{ brand_name }}',
    mails: {
      approval: {
        subject: "Votre carte d'arrivée numérique ({{ country_name }}) - Commande {{ order_id }}",
        paragraphs: [
          "Bonne nouvelle : votre carte d'arrivée numérique ({{ country_name }}) pour la commande {{ order_id }} est prête. Elle est jointe à cet e-mail.",
          'Vous pouvez aussi la télécharger à tout moment depuis la page de votre commande :\n{{ track_url }}',
          'Gardez-la sur votre téléphone ou imprimez-la pour votre arrivée.',
        ],
      },
      invoice: {
        subject: "Facture de votre carte d'arrivée numérique ({{ country_name }}) - Commande {{ order_id }}",
        paragraphs: [
          'Merci pour votre commande. Vous trouverez ci-joint la facture de la commande {{ order_id }}, émise le {{ mail_date }}.',
        ],
      },
      refund: {
        subject: 'Votre remboursement pour la commande {{ order_id }}',
        paragraphs: [
          'Nous avons remboursé votre paiement{% if amount %} de {{ amount }}{% endif %} pour la commande {{ order_id }}.',
          "Selon votre banque, il peut falloir 5 à 10 jours ouvrés pour qu'il apparaisse sur votre relevé.",
        ],
      },
      chase: {
        subject: 'Votre réponse est nécessaire - Commande {{ order_id }}',
        paragraphs: [
          "Il nous manque des informations pour terminer votre carte d'arrivée numérique (commande {{ order_id }}).",
          `${MESSAGE}Répondez à cet e-mail ou consultez votre commande ici :\n{{ track_url }}`,
        ],
      },
    },
  },
  de: {
    greeting: `Guten Tag ${NAME},`,
    signOff: 'Bei Fragen schreiben Sie uns an {{ support_email }}.\n\n{{ brand_name }}',
    mails: {
      approval: {
        subject: 'Ihre digitale Einreisekarte ({{ country_name }}) - Bestellung {{ order_id }}',
        paragraphs: [
          'Gute Nachricht: Ihre digitale Einreisekarte ({{ country_name }}) für Bestellung {{ order_id }} ist fertig. Sie ist dieser E-Mail beigefügt.',
          'Sie können sie auch jederzeit auf Ihrer Bestellseite herunterladen:\n{{ track_url }}',
          'Bitte speichern Sie sie auf Ihrem Telefon oder drucken Sie sie für Ihre Ankunft aus.',
        ],
      },
      invoice: {
        subject: 'Rechnung für Ihre digitale Einreisekarte ({{ country_name }}) - Bestellung {{ order_id }}',
        paragraphs: [
          'Vielen Dank für Ihre Bestellung. Anbei finden Sie die Rechnung für Bestellung {{ order_id }}, ausgestellt am {{ mail_date }}.',
        ],
      },
      refund: {
        subject: 'Ihre Erstattung für Bestellung {{ order_id }}',
        paragraphs: [
          'Wir haben Ihre Zahlung{% if amount %} von {{ amount }}{% endif %} für Bestellung {{ order_id }} erstattet.',
          'Je nach Bank kann es 5 bis 10 Werktage dauern, bis sie auf Ihrem Kontoauszug erscheint.',
        ],
      },
      chase: {
        subject: 'Wir brauchen Ihre Antwort - Bestellung {{ order_id }}',
        paragraphs: [
          'Für Ihre digitale Einreisekarte (Bestellung {{ order_id }}) benötigen wir weitere Angaben von Ihnen.',
          `${MESSAGE}Bitte antworten Sie auf diese E-Mail oder sehen Sie sich Ihre Bestellung an:\n{{ track_url }}`,
        ],
      },
    },
  },
  es: {
    greeting: `Estimado/a ${NAME}:`,
    signOff: 'Si tiene alguna pregunta, escríbanos a {{ support_email }}.\n\n{{ brand_name }}',
    mails: {
      approval: {
        subject: 'Su tarjeta de llegada digital ({{ country_name }}) - Pedido {{ order_id }}',
        paragraphs: [
          'Buenas noticias: su tarjeta de llegada digital ({{ country_name }}) del pedido {{ order_id }} está lista. La adjuntamos a este correo.',
          'También puede descargarla en cualquier momento desde la página de su pedido:\n{{ track_url }}',
          'Guárdela en su teléfono o imprímala para su llegada.',
        ],
      },
      invoice: {
        subject: 'Factura de su tarjeta de llegada digital ({{ country_name }}) - Pedido {{ order_id }}',
        paragraphs: [
          'Gracias por su pedido. Adjuntamos la factura del pedido {{ order_id }}, emitida el {{ mail_date }}.',
        ],
      },
      refund: {
        subject: 'Su reembolso del pedido {{ order_id }}',
        paragraphs: [
          'Hemos reembolsado su pago{% if amount %} de {{ amount }}{% endif %} del pedido {{ order_id }}.',
          'Según su banco, puede tardar de 5 a 10 días hábiles en aparecer en su extracto.',
        ],
      },
      chase: {
        subject: 'Necesitamos su respuesta - Pedido {{ order_id }}',
        paragraphs: [
          'Necesitamos más información para completar su tarjeta de llegada digital (pedido {{ order_id }}).',
          `${MESSAGE}Responda a este correo o consulte su pedido aquí:\n{{ track_url }}`,
        ],
      },
    },
  },
};

/** The default brand, whose templates every other brand falls back to. */
const BRAND = 'main';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_templates', (t) => {
    t.increments('id');
    // The outbox's mail kind: 20 characters.
    t.string('template_key', 20).notNullable();
    t.string('language', 8).notNullable();
    t.string('brand', 20).notNullable();
    t.string('subject', 300).notNullable();
    t.text('body').notNullable();
    t.integer('version').unsigned().notNullable();
    t.datetime('updated_at').notNullable();
    t.integer('updated_by_id').unsigned();
    t.unique(['template_key', 'language', 'brand'], { indexName: 'mail_templates_key_language_brand' });
  });
  await knex.schema.createTable('mail_template_versions', (t) => {
    t.integer('template_id').unsigned().notNullable();
    t.integer('version').unsigned().notNullable();
    t.string('subject', 300).notNullable();
    t.text('body').notNullable();
    t.datetime('created_at').notNullable();
    t.integer('created_by_id').unsigned();
    t.primary(['template_id', 'version']);
  });
  const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
  for (const [language, wording] of Object.entries(WORDING))
    for (const [key, mail] of Object.entries(wording.mails)) {
      const body = [wording.greeting, ...mail.paragraphs, wording.signOff].join('\n\n');
      const template = { subject: mail.subject, body };
      await knex('mail_templates').insert({
        template_key: key,
        language,
        brand: BRAND,
        ...template,
        version: 1,
        updated_at: now,
      });
      const { id } = await knex('mail_templates').where({ template_key: key, language, brand: BRAND }).first('id');
      await knex('mail_template_versions').insert({ template_id: id, version: 1, ...template, created_at: now });
    }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('mail_template_versions');
  await knex.schema.dropTableIfExists('mail_templates');
}
