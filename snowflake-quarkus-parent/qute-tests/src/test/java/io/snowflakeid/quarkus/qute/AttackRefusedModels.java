package io.snowflakeid.quarkus.qute;

import io.quarkus.qute.TemplateExtension;
import io.quarkus.qute.TemplateGlobal;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.quarkus.qute.AttackModels.AttackPlain;

/** Shapes of {@code @PublicId} that Qute reads past any resolver: the build refuses them (PublicIdQuteRefusedTest). */
final class AttackRefusedModels {

	private AttackRefusedModels() {
	}

	/** A template extension method annotated @PublicId: {@code {p.ref}}. */
	public static class AttackExtensions {

		@TemplateExtension
		@PublicId
		static Long ref(AttackPlain plain) {
			return plain.internal;
		}
	}

	/** A template global annotated @PublicId: {@code {attackAdminId}}. */
	public static class AttackGlobals {

		@TemplateGlobal
		@PublicId
		static Long attackAdminId = 1234567890123456L;
	}

	/**
	 * An immutable class: the annotation on its constructor's parameter only (the build accepts constructor
	 * parameters as Jackson's creator parameters, whose annotations Jackson merges into the property it writes).
	 */
	public static class AttackCreatorOnly {

		private final Long id;

		public AttackCreatorOnly(@PublicId Long id) {
			this.id = id;
		}

		public Long getId() {
			return this.id;
		}
	}

	/** A concrete class whose property has no @PublicId (second review, 1)... */
	public static class AttackEvent {

		private final Long id;

		public AttackEvent(Long id) {
			this.id = id;
		}

		public Long getId() {
			return this.id;
		}
	}

	/**
	 * ... and its subclass, which adds @PublicId by overriding the getter: a template that met an AttackEvent first
	 * (or is typed with it) keeps AttackEvent's resolver for every subclass and prints the raw id.
	 */
	public static class AttackOrderEvent extends AttackEvent {

		public AttackOrderEvent(Long id) {
			super(id);
		}

		@Override
		@PublicId
		public Long getId() {
			return super.getId();
		}
	}
}
