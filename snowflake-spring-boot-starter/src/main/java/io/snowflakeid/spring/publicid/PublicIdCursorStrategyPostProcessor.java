package io.snowflakeid.spring.publicid;

import java.util.function.Supplier;

import io.snowflakeid.publicid.PublicIdCodec;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.graphql.data.pagination.CursorEncoder;
import org.springframework.graphql.data.pagination.CursorStrategy;
import org.springframework.graphql.data.pagination.EncodingCursorStrategy;

/**
 * Spring for GraphQL's pagination cursors, sealed with the public-id keys ({@link PublicIdCodec#seal}): a keyset
 * cursor holds the sort keys of its row in clear (Boot's strategy writes Base64 of {@code K_[{"id":[...,<raw id>]}]}),
 * the raw id behind a {@code @PublicId} among them, and takes back any position a client writes, a raw id too. Every
 * {@code CursorStrategy} bean (Boot's or the application's) gets the seal outside its own encoding: cursors show
 * nothing, and a cursor that was altered or made up is refused (a GraphQL error). Without a codec (no key) cursors
 * stay as the strategy writes them.
 */
final class PublicIdCursorStrategyPostProcessor implements BeanPostProcessor {

	private final Supplier<PublicIdCodec> codec;

	PublicIdCursorStrategyPostProcessor(Supplier<PublicIdCodec> codec) {
		this.codec = codec;
	}

	@Override
	@SuppressWarnings({ "rawtypes", "unchecked" })
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (bean instanceof EncodingCursorStrategy encoding) {
			// one encoding per strategy (Spring refuses a second): its own first, then the seal
			return CursorStrategy.withEncoder(encoding.getDelegate(), new Sealing(encoding.getEncoder(), this.codec));
		}
		if (bean instanceof CursorStrategy strategy) {
			return CursorStrategy.withEncoder(strategy, new Sealing(CursorEncoder.noOpEncoder(), this.codec));
		}
		return bean;
	}

	/** The codec is asked for at each cursor: it may be created after the strategy. */
	private record Sealing(CursorEncoder own, Supplier<PublicIdCodec> codec) implements CursorEncoder {

		@Override
		public String encode(String cursor) {
			PublicIdCodec available = this.codec.get();
			String encoded = this.own.encode(cursor);
			return (available != null) ? available.seal(encoded) : encoded;
		}

		@Override
		public String decode(String cursor) {
			PublicIdCodec available = this.codec.get();
			return this.own.decode((available != null) ? available.open(cursor) : cursor);
		}
	}
}
