package io.snowflakeid.spring.publicid;

import graphql.GraphQLError;
import graphql.GraphqlErrorBuilder;
import graphql.schema.DataFetchingEnvironment;
import io.snowflakeid.publicid.PublicIdCodec;

import org.springframework.beans.factory.NoUniqueBeanDefinitionException;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.graphql.data.pagination.CursorEncoder;
import org.springframework.graphql.data.pagination.CursorStrategy;
import org.springframework.graphql.data.pagination.EncodingCursorStrategy;
import org.springframework.graphql.execution.DataFetcherExceptionResolverAdapter;
import org.springframework.graphql.execution.ErrorType;
import org.springframework.util.ClassUtils;

/**
 * Spring for GraphQL's pagination cursors, sealed with the public-id keys ({@link PublicIdCodec#seal}): a keyset
 * cursor holds the sort keys of its row in clear (Boot's strategy writes Base64 of {@code K_[{"id":[...,<raw id>]}]}),
 * the raw id behind a {@code @PublicId} among them, and takes back any position a client writes, a raw id too. The
 * outer {@code CursorStrategy} beans (Boot's {@code EncodingCursorStrategy}, or one of the application's that makes
 * cursors of scroll positions) get the seal outside their own encoding: cursors show nothing, and one that was
 * altered or made up is a client's error ({@link InvalidCursorException}, {@code BAD_REQUEST}), never a position.
 * Without a codec (no key) cursors stay as the strategy writes them; with several codecs and none primary they are
 * refused rather than sent unsealed.
 */
final class PublicIdCursorStrategyPostProcessor implements BeanPostProcessor {

	static final String PURPOSE = "graphql-cursor";

	private static final String SCROLL_POSITION = "org.springframework.data.domain.ScrollPosition";

	private final ObjectProvider<PublicIdCodec> codec;

	PublicIdCursorStrategyPostProcessor(ObjectProvider<PublicIdCodec> codec) {
		this.codec = codec;
	}

	@Override
	@SuppressWarnings({ "rawtypes", "unchecked" })
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (bean instanceof EncodingCursorStrategy encoding) {
			if (encoding.getEncoder() instanceof Sealing) {
				return bean; // sealed already (a bean exposing another's instance)
			}
			// one encoding per strategy (Spring refuses a second): its own first, then the seal
			return CursorStrategy.withEncoder(encoding.getDelegate(), new Sealing(encoding.getEncoder(), this.codec));
		}
		if (bean instanceof CursorStrategy strategy && ClassUtils.isPresent(SCROLL_POSITION, getClass().getClassLoader())
				&& strategy.supports(ClassUtils.resolveClassName(SCROLL_POSITION, getClass().getClassLoader()))) {
			// an outer strategy of the application's; inner ones (a JsonKeysetCursorStrategy it delegates to) stay
			return CursorStrategy.withEncoder(strategy, new Sealing(CursorEncoder.noOpEncoder(), this.codec));
		}
		return bean;
	}

	/** The codec is asked for at each cursor: it may be created after the strategy. */
	private record Sealing(CursorEncoder own, ObjectProvider<PublicIdCodec> codecs) implements CursorEncoder {

		@Override
		public String encode(String cursor) {
			PublicIdCodec available = codec();
			String encoded = this.own.encode(cursor);
			return (available != null) ? available.seal(PURPOSE, encoded) : encoded;
		}

		@Override
		public String decode(String cursor) {
			PublicIdCodec available = codec();
			if (available == null) {
				return this.own.decode(cursor);
			}
			String opened;
			try {
				opened = available.open(PURPOSE, cursor);
			}
			catch (IllegalArgumentException ex) {
				throw new InvalidCursorException();
			}
			return this.own.decode(opened);
		}

		private PublicIdCodec codec() {
			try {
				return this.codecs.getIfAvailable();
			}
			catch (NoUniqueBeanDefinitionException ex) {
				throw new IllegalStateException("Several PublicIdCodec beans and none @Primary: GraphQL cursors are not "
						+ "sent unsealed (they may hold raw ids). Mark one codec bean @Primary");
			}
		}
	}

	/** A cursor that is not one this application sealed: the client's error. */
	static final class InvalidCursorException extends IllegalArgumentException {

		InvalidCursorException() {
			super("Invalid cursor");
		}
	}

	/** {@link InvalidCursorException} as {@code BAD_REQUEST} "Invalid cursor", not an internal error logged at ERROR. */
	static final class InvalidCursorResolver extends DataFetcherExceptionResolverAdapter {

		@Override
		protected GraphQLError resolveToSingleError(Throwable ex, DataFetchingEnvironment environment) {
			for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
				if (cause instanceof InvalidCursorException) {
					return GraphqlErrorBuilder.newError(environment).errorType(ErrorType.BAD_REQUEST)
						.message("Invalid cursor").build();
				}
			}
			return null;
		}
	}
}
