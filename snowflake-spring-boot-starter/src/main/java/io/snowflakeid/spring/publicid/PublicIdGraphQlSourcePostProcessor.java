package io.snowflakeid.spring.publicid;

import java.util.List;

import graphql.GraphQL;
import graphql.execution.instrumentation.ChainedInstrumentation;
import graphql.execution.instrumentation.Instrumentation;
import graphql.schema.GraphQLSchema;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.graphql.execution.GraphQlSource;

/**
 * Every {@code GraphQlSource} bean runs {@link PublicIdGraphQlInstrumentation}, not only Boot's: an instrumentation
 * set on graphql-java's builder ({@code configureGraphQl(b -> b.instrumentation(depthLimit))}, a common customizer)
 * replaces the chain Spring built from the {@code Instrumentation} beans, and an application's own
 * {@code GraphQlSource} gets none of them; either way {@code @PublicId} fields would go out raw, silently. Such an
 * engine is given the instrumentation beside its own ({@code GraphQL.transform}, its other settings kept). The wrapper
 * is a plain {@code GraphQlSource}: a bean injected by its own class would not match (none of Spring's is).
 */
final class PublicIdGraphQlSourcePostProcessor implements BeanPostProcessor {

	private final ObjectProvider<PublicIdGraphQlInstrumentation> instrumentation;

	PublicIdGraphQlSourcePostProcessor(ObjectProvider<PublicIdGraphQlInstrumentation> instrumentation) {
		this.instrumentation = instrumentation;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (!(bean instanceof GraphQlSource source)) {
			return bean;
		}
		PublicIdGraphQlInstrumentation ours = this.instrumentation.getIfAvailable();
		if (ours == null || runs(source.graphQl().getInstrumentation(), ours)) {
			return bean;
		}
		return new Instrumented(source, ours);
	}

	static boolean runs(Instrumentation instrumentation, PublicIdGraphQlInstrumentation ours) {
		if (instrumentation == ours) {
			return true;
		}
		return instrumentation instanceof ChainedInstrumentation chained
				&& chained.getInstrumentations().stream().anyMatch((each) -> runs(each, ours));
	}

	/** The application's engine, with the instrumentation added: built once, when first asked for. */
	private static final class Instrumented implements GraphQlSource {

		private final GraphQlSource source;

		private final PublicIdGraphQlInstrumentation ours;

		/** The source's engine and the one built from it: built again if the source gives another (a reload). */
		private volatile Engines engines;

		Instrumented(GraphQlSource source, PublicIdGraphQlInstrumentation ours) {
			this.source = source;
			this.ours = ours;
		}

		@Override
		public GraphQL graphQl() {
			GraphQL original = this.source.graphQl();
			Engines known = this.engines;
			if (known == null || known.original() != original) {
				known = new Engines(original, runs(original.getInstrumentation(), this.ours) ? original : with(original));
				this.engines = known;
			}
			return known.instrumented();
		}

		/**
		 * {@code GraphQL.transform} copies the schema, strategies, id provider, instrumentation and preparsed document
		 * provider; the value unboxer and the data loader dispatch setting are copied here.
		 */
		private GraphQL with(GraphQL original) {
			return original.transform((builder) -> {
				builder.instrumentation(new ChainedInstrumentation(List.of(original.getInstrumentation(), this.ours)));
				builder.valueUnboxer(original.getValueUnboxer());
				if (original.isDoNotAutomaticallyDispatchDataLoader()) {
					builder.doNotAutomaticallyDispatchDataLoader();
				}
			});
		}

		@Override
		public GraphQLSchema schema() {
			return this.source.schema();
		}

		@Override
		public String toString() {
			return this.source + " (with @PublicId fields as tokens)";
		}
	}

	private record Engines(GraphQL original, GraphQL instrumented) {
	}
}
